/**
 * The review form reached from the e-mail asking how the move went (issue 19): the link's secret read from the
 * fragment and posted, never put in a URL; the mover and the verified mark shown; the stars a radio group; each
 * mistake named beside its field in words and nothing sent; a good review sent and thanked; a used link refused
 * in words; a server refusal about a field shown beside that field.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  REVIEW_FORM_MESSAGES,
  type ReviewInvitation,
  type ReviewSubmitResult,
} from '@moveratlas/contracts';
import { renderWithRouter } from '../../test/render-with-router';
import { Component as WriteReviewPage } from './write-review-page';

const TOKEN = 'R'.repeat(43);

const INVITATION: ReviewInvitation = {
  companyName: 'Windy City Movers',
  profilePath: '/company/windy-city-movers',
  firstName: 'Ada',
  requestDate: '2026-11-20',
  siteName: 'MoverAtlas',
  expiresAt: '2027-01-28T15:00:00.000Z',
};

const PUBLISHED: ReviewSubmitResult = {
  status: 'published',
  companyName: 'Windy City Movers',
  profilePath: '/company/windy-city-movers',
  message: 'Thank you! Your review of Windy City Movers is published.',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Api = (url: string, body: Record<string, unknown>) => Response;

function open(api: Api, hash = `#t=${TOKEN}`) {
  window.history.replaceState(null, '', `/write-review${hash}`);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    api(String(input), JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithRouter(<WriteReviewPage />, { path: '/write-review' });
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof open>) =>
  fetchMock.mock.calls.map(([url, init]) => [
    String(url),
    JSON.parse(String((init as RequestInit).body)) as unknown,
  ]);

const TEXT = 'Three careful movers, on time, nothing broken, and the price matched the quote.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the review form', () => {
  it('posts the fragment’s secret and shows the mover, the name and the verified mark', async () => {
    const fetchMock = open(() => json(200, INVITATION));
    expect(await screen.findByRole('link', { name: 'Windy City Movers' })).toHaveAttribute(
      'href',
      '/company/windy-city-movers',
    );
    expect(posted(fetchMock)).toEqual([['/api/reviews/invitation', { token: TOKEN }]]);
    expect(
      screen.getByText(
        /shown with your first name, Ada, and marked “Verified request through MoverAtlas on November 20, 2026”/,
      ),
    ).toBeInTheDocument();
    const stars = screen.getByRole('group', { name: 'Your rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('group', { name: 'Did you hire this mover?' })).toBeInTheDocument();
  });

  it('names each mistake beside its field, sends nothing, and moves focus to the first', async () => {
    const user = userEvent.setup();
    const fetchMock = open(() => json(200, INVITATION));
    await screen.findByRole('link', { name: 'Windy City Movers' });
    await user.type(screen.getByLabelText('Your review'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send my review' }));

    expect(screen.getByText(REVIEW_FORM_MESSAGES.rating)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_FORM_MESSAGES.titleShort)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_FORM_MESSAGES.textShort)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_FORM_MESSAGES.hired)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your review')).toHaveAccessibleDescription(
      expect.stringContaining(REVIEW_FORM_MESSAGES.textShort),
    );
    expect(screen.getByRole('radio', { name: /^1 star/ })).toHaveFocus();
    expect(posted(fetchMock)).toHaveLength(1);
  });

  it('sends a good review and says it is published', async () => {
    const user = userEvent.setup();
    const fetchMock = open((url) =>
      url === '/api/reviews' ? json(201, PUBLISHED) : json(200, INVITATION),
    );
    await screen.findByRole('link', { name: 'Windy City Movers' });
    await user.click(screen.getByRole('radio', { name: /^4 stars/ }));
    await user.type(screen.getByLabelText('Title'), 'Careful crew');
    await user.type(screen.getByLabelText('Your review'), TEXT);
    await user.click(screen.getByRole('radio', { name: 'I only got a quote' }));
    // Enter in a text field sends the form, as a real form does.
    await user.click(screen.getByLabelText('Title'));
    await user.keyboard('{Enter}');
    expect(await screen.findByText(PUBLISHED.message)).toBeInTheDocument();
    expect(posted(fetchMock)[1]).toEqual([
      '/api/reviews',
      { token: TOKEN, rating: 4, title: 'Careful crew', text: TEXT, hired: 'quote' },
    ]);
    expect(screen.getByRole('link', { name: 'See Windy City Movers’s page' })).toHaveAttribute(
      'href',
      '/company/windy-city-movers',
    );
    expect(screen.queryByRole('button', { name: 'Send my review' })).not.toBeInTheDocument();
  });

  it('shows a server refusal about a field beside it, and one about the link above the form', async () => {
    const user = userEvent.setup();
    let answer = json(400, { error: REVIEW_FORM_MESSAGES.textUnshowable });
    open((url) => (url === '/api/reviews' ? answer : json(200, INVITATION)));
    await screen.findByRole('link', { name: 'Windy City Movers' });
    await user.click(screen.getByRole('radio', { name: /^5 stars/ }));
    await user.type(screen.getByLabelText('Title'), 'Great');
    await user.type(screen.getByLabelText('Your review'), TEXT);
    await user.click(screen.getByRole('radio', { name: 'Yes, they did my move' }));
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText(REVIEW_FORM_MESSAGES.textUnshowable)).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toHaveFocus();

    const used =
      'This link was already used to write a review. Each link takes one review, so it cannot be used again.';
    answer = json(409, { error: used });
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText(used)).toBeInTheDocument();
  });

  it('refuses a used link in words, and an incomplete one without asking the server', async () => {
    const used =
      'This link was already used to write a review. Each link takes one review, so it cannot be used again.';
    open(() => json(409, { error: used }));
    expect(await screen.findByText(used)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send my review' })).not.toBeInTheDocument();
    cleanup();

    const fetchMock = open(() => json(200, INVITATION), '#t=short');
    expect(
      await screen.findByText(
        'This link is incomplete: open it again from the e-mail we sent you.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
