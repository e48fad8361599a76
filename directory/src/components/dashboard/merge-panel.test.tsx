import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { conflictingFields, defaultChoice, mergedValues, type MergeChoice } from './merge';
import { MergePanel, shownValue } from './merge-panel';

afterEach(cleanup);

const LABELS = { name: 'Name', phone: 'Phone', website: 'Website', services: 'Services' };
type Values = { name: string; phone: string; website: string; services: string[] };

const baseline: Values = {
  name: 'Acme Movers',
  phone: '(512) 555-0100',
  website: 'https://acme.example',
  services: ['local-moving'],
};
// This person renamed it and changed the website; someone else changed the phone and the website.
const mine: Values = {
  ...baseline,
  name: 'Acme Moving Co',
  website: 'https://acme-moving.example',
};
const theirs: Values = {
  ...baseline,
  phone: '(512) 555-0177',
  website: 'https://www.acme.example',
};

describe('the merge of a 409', () => {
  it('asks only about the fields someone else changed, defaulting to the person’s own edits', () => {
    const fields = conflictingFields(baseline, mine, theirs, LABELS);
    expect(fields).toEqual([
      { field: 'phone', label: 'Phone', bothChanged: false },
      { field: 'website', label: 'Website', bothChanged: true },
    ]);
    expect(fields.map(defaultChoice)).toEqual(['theirs', 'mine']);
  });

  it('keeps theirs, the person’s own changes, and each choice', () => {
    expect(mergedValues(baseline, mine, theirs, { phone: 'theirs', website: 'mine' })).toEqual({
      name: 'Acme Moving Co',
      phone: '(512) 555-0177',
      website: 'https://acme-moving.example',
      services: ['local-moving'],
    });
    expect(mergedValues(baseline, mine, theirs, { phone: 'mine', website: 'theirs' })).toEqual({
      name: 'Acme Moving Co',
      phone: '(512) 555-0100',
      website: 'https://www.acme.example',
      services: ['local-moving'],
    });
  });

  it('shows empty values and lists in words', () => {
    expect(shownValue('')).toBe('(empty)');
    expect(shownValue(null)).toBe('(empty)');
    expect(shownValue([])).toBe('(none)');
    expect(shownValue(['Local moving', 'Storage'])).toBe('Local moving, Storage');
    expect(shownValue(true)).toBe('Yes');
  });
});

function Panel({ onSave }: { onSave: (values: Values) => void }) {
  const fields = conflictingFields(baseline, mine, theirs, LABELS);
  const [choices, setChoices] = useState<Record<string, MergeChoice>>(
    Object.fromEntries(fields.map((f) => [f.field, defaultChoice(f)])),
  );
  return (
    <MergePanel
      what="this company"
      fields={fields}
      show={(field, side) => shownValue((side === 'mine' ? mine : theirs)[field])}
      choices={choices}
      onChoose={(field, choice) => setChoices((c) => ({ ...c, [field]: choice }))}
      onSave={() => onSave(mergedValues(baseline, mine, theirs, choices))}
      onTakeTheirs={() => onSave(theirs)}
      pending={false}
    />
  );
}

describe('MergePanel', () => {
  it('says why the save did not go through, takes the keyboard, and saves the chosen values', async () => {
    const user = userEvent.setup();
    const saved: Values[] = [];
    render(<Panel onSave={(values) => saved.push(values)} />);
    const heading = screen.getByRole('heading', {
      name: 'Someone else saved this company while you were editing',
    });
    expect(heading).toHaveFocus();
    const region = screen.getByRole('region', { name: heading.textContent! });
    expect(
      within(region)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')?.textContent),
    ).toEqual(['Phone', 'Website']);
    const phone = within(region).getByRole('group', { name: 'Phone' });
    expect(
      within(phone).getByRole('radio', { name: /Keep their value\(512\) 555-0177/ }),
    ).toBeChecked();
    expect(
      within(phone).getByRole('radio', { name: /Keep yours\(512\) 555-0100/ }),
    ).not.toBeChecked();
    const website = within(region).getByRole('group', { name: 'Website' });
    expect(
      within(website).getByRole('radio', { name: /Keep yourshttps:\/\/acme-moving/ }),
    ).toBeChecked();

    await user.click(within(website).getByRole('radio', { name: /Keep their value/ }));
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(saved).toEqual([
      {
        name: 'Acme Moving Co',
        phone: '(512) 555-0177',
        website: 'https://www.acme.example',
        services: ['local-moving'],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Drop my changes, show theirs' }));
    expect(saved.at(-1)).toEqual(theirs);
  });
});
