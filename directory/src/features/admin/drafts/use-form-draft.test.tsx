import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client';
import { AUTH_STATUS_KEY } from '../auth-status';
import { DraftNotice } from './draft-notice';
import { forgetAllDrafts, useFormDraft } from './use-form-draft';

afterEach(cleanup);

interface Values {
  name: string;
  phone: string;
}

/** A form with the hook, as a screen uses it; `onSaved` stands for a successful save. */
function DraftedForm({ record, version }: { record: Values; version: number }) {
  const draft = useFormDraft('company:7', record, version);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        draft.rebase(draft.values, version + 1);
      }}
    >
      <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />
      <label>
        Name
        <input
          value={draft.values.name}
          onChange={(e) => draft.setValues((v) => ({ ...v, name: e.target.value }))}
        />
      </label>
      <p>
        {draft.dirty ? 'unsaved' : 'clean'}, version {String(draft.version)}, baseline{' '}
        {draft.baseline.name}
      </p>
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(record: Values, version: number, admin = 'ana') {
  const client = createQueryClient();
  client.setQueryData(AUTH_STATUS_KEY, { isAuthenticated: true, username: admin });
  return render(
    <QueryClientProvider client={client}>
      <DraftedForm record={record} version={version} />
    </QueryClientProvider>,
  );
}

const RECORD = { name: 'Acme Movers', phone: '(512) 555-0100' };

describe('useFormDraft', () => {
  it('keeps the typed values and restores them, with their version, when the form opens again', async () => {
    const user = userEvent.setup();
    renderForm(RECORD, 3);
    expect(screen.queryByRole('status')).toBeNull();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Acme Moving Co');
    expect(screen.getByText('unsaved, version 3, baseline Acme Movers')).toBeInTheDocument();
    cleanup();

    // Back later (after a sign-in, say), when the record has moved on to version 4 meanwhile.
    renderForm({ ...RECORD, phone: '(512) 555-0199' }, 4);
    expect(screen.getByLabelText('Name')).toHaveValue('Acme Moving Co');
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Restored your unsaved changes from .+\. They are not saved yet\.Discard$/,
    );
    // Saved with the version it was typed onto, so the save meets the 409 and its merge.
    expect(screen.getByText('unsaved, version 3, baseline Acme Movers')).toBeInTheDocument();
  });

  it('discards the draft back to the record as loaded now', async () => {
    const user = userEvent.setup();
    renderForm(RECORD, 3);
    await user.type(screen.getByLabelText('Name'), ' Plus');
    cleanup();
    renderForm({ ...RECORD, name: 'Acme Movers Inc' }, 4);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Acme Movers Inc');
    expect(screen.getByText('clean, version 4, baseline Acme Movers Inc')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    renderForm({ ...RECORD, name: 'Acme Movers Inc' }, 4);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('forgets the draft once saved, and keeps none for a form back at its starting point', async () => {
    const user = userEvent.setup();
    renderForm(RECORD, 3);
    await user.type(screen.getByLabelText('Name'), ' Co');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('clean, version 4, baseline Acme Movers Co')).toBeInTheDocument();
    cleanup();
    renderForm(RECORD, 3);
    expect(screen.getByLabelText('Name')).toHaveValue('Acme Movers');

    await user.type(screen.getByLabelText('Name'), 'X');
    await user.type(screen.getByLabelText('Name'), '{Backspace}');
    cleanup();
    renderForm(RECORD, 3);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps each admin’s drafts apart, and forgets them all at logout', async () => {
    const user = userEvent.setup();
    renderForm(RECORD, 3, 'ana');
    await user.type(screen.getByLabelText('Name'), ' (Ana)');
    cleanup();
    renderForm(RECORD, 3, 'ben');
    expect(screen.getByLabelText('Name')).toHaveValue('Acme Movers');
    cleanup();
    renderForm(RECORD, 3, 'ana');
    expect(screen.getByLabelText('Name')).toHaveValue('Acme Movers (Ana)');
    cleanup();
    forgetAllDrafts();
    renderForm(RECORD, 3, 'ana');
    expect(screen.getByLabelText('Name')).toHaveValue('Acme Movers');
  });
});
