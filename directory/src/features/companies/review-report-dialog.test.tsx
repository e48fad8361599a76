/**
 * "Report this review" on a profile (issue 19) as a visitor uses it: the button opens a dialog (its code
 * loaded on the click) with the reasons as a radio group, optional details and e-mail; nothing is sent
 * without a reason; the report goes to POST /api/reviews/:id/report; the thanks replaces the form and the
 * button says the review was reported; a refusal is shown in the server's words with the form kept; Escape
 * closes the dialog and the keyboard goes back to the button. On the server (and while hydrating) there is
 * no button at all.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_REPORT_MESSAGES, REVIEW_REPORT_THANKS } from '@moveratlas/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { ReviewReportButton } from './review-report-button';

const REVIEW = { id: 42, title: 'They lost a box' };

let answer: (body: unknown) => Response;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/reviews/42/report' && init.method === 'POST')
    return answer(JSON.parse(String(init.body)));
  throw new Error(`unexpected fetch of ${url.pathname}`);
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderButton() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <article aria-label="A review">
        <ReviewReportButton review={REVIEW} />
      </article>
    </AppProviders>,
  );
}

const opener = () => screen.getByRole('button', { name: 'Report this review: They lost a box' });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(opener());
  return screen.findByRole('dialog', { name: 'Report this review' });
}

beforeEach(() => {
  answer = () => json(201, { message: REVIEW_REPORT_THANKS });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Report this review', () => {
  it('renders no button on the server, where it could not work', () => {
    const html = renderToString(
      <AppProviders queryClient={createQueryClient()}>
        <ReviewReportButton review={REVIEW} />
      </AppProviders>,
    );
    expect(html).not.toContain('Report this review');
  });

  it('asks for a reason first, then sends the report and thanks the visitor', async () => {
    const user = userEvent.setup();
    renderButton();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/They lost a box/);
    const reasons = within(dialog).getByRole('group', { name: 'Why are you reporting it?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['fake', 'offensive', 'personal-information', 'wrong-company', 'spam', 'other']);

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(REVIEW_REPORT_MESSAGES.reason)).toBeVisible();
    expect(reasons).toHaveAccessibleDescription(REVIEW_REPORT_MESSAGES.reason);
    // The first choice takes the keyboard, so the visitor can pick one at once.
    expect(within(reasons).getAllByRole('radio')[0]).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    // "Something else" needs a few words saying what.
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const details = within(dialog).getByRole('textbox', { name: 'What is wrong with it?' });
    expect(details).toHaveAccessibleDescription(REVIEW_REPORT_MESSAGES.detailsOther);
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'Shares personal information' }));
    await user.type(details, 'It shows my home address.');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Your e-mail address (optional)' }),
      'me@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(REVIEW_REPORT_THANKS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      reason: 'personal-information',
      details: 'It shows my home address.',
      email: 'me@example.com',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The button gave way to a note, which takes the keyboard back.
    expect(screen.queryByRole('button', { name: /Report this review/ })).not.toBeInTheDocument();
    expect(screen.getByText(/You reported this review/)).toHaveFocus();
  });

  it('shows a refusal in the server’s words and keeps what was typed', async () => {
    answer = () =>
      json(429, {
        error: 'Too many reports of reviews from this address; please try again in 300 seconds',
      });
    const user = userEvent.setup();
    renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    const details = within(dialog).getByRole('textbox', {
      name: 'What is wrong with it? (optional)',
    });
    await user.type(details, 'An advert for another mover.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Too many reports of reviews from this address/,
    );
    expect(details).toHaveValue('An advert for another mover.');
    expect(within(dialog).getByRole('radio', { name: 'Spam or advertising' })).toBeChecked();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('closes with Escape and gives the keyboard back to the button, sending nothing', async () => {
    const user = userEvent.setup();
    renderButton();
    await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
