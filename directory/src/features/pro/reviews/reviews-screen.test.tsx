/**
 * The movers' Reviews screen (issue 17) as a person uses it: the rating summary; each review with its reply's
 * state (none: a form with a character count; waiting; published; rejected with the reason and a way to send
 * a new one); the filters in the address; loading, empty and failure states.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import {
  CSRF_HEADER,
  REVIEW_ALREADY_ANSWERED,
  type ProReview,
  type ProReviewPage,
  type ProReviewReport,
} from '@moveratlas/contracts';
import { AppProviders } from '../../../app/providers';
import { Toaster } from '../../../components/toast/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { ROOT_ROUTE_ID } from '../../../lib/site';
import { TEST_SITE } from '../../../test/fixtures';
import { ReviewsScreen } from './reviews-screen';

const COMPANY = { id: 7, name: 'Acme Movers' };
const LIST = '/api/pro/companies/7/reviews';

const review = (id: number, values: Partial<ProReview>): ProReview => ({
  id,
  rating: 5,
  title: `Review ${id}`,
  body: 'What happened on the day.',
  authorFirstName: 'Dana',
  date: '2026-10-01',
  reply: null,
  ...values,
});

let reviews: ProReview[];
let failReads = 0;
let replyAnswer: ((body: string, reviewId: number) => Response) | undefined;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function page(url: URL): ProReviewPage {
  const rating = Number(url.searchParams.get('rating') ?? 0);
  const needsReply = url.searchParams.get('needsReply') === 'true';
  const items = reviews.filter(
    (r) =>
      (!rating || r.rating === rating) &&
      (!needsReply || r.reply === null || r.reply.status === 'rejected'),
  );
  const counts = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: reviews.filter((r) => r.rating === stars).length,
  }));
  return {
    items,
    total: items.length,
    page: 1,
    pageCount: 1,
    summary: {
      average: reviews.length
        ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length
        : null,
      count: reviews.length,
      distribution: counts,
      needReply: reviews.filter((r) => r.reply === null || r.reply.status === 'rejected').length,
    },
  };
}

const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === LIST && (init.method ?? 'GET') === 'GET') {
    if (failReads > 0) {
      failReads -= 1;
      return json(500, { error: 'The server could not read the reviews' });
    }
    return json(200, page(url));
  }
  const reported = /^\/api\/pro\/companies\/7\/reviews\/(\d+)\/report$/.exec(url.pathname);
  if (reported && init.method === 'POST') {
    const target = reviews.find((r) => r.id === Number(reported[1]))!;
    const { reason, details } = JSON.parse(String(init.body)) as {
      reason: ProReviewReport['reason'];
      details: string;
    };
    target.report = {
      id: 500,
      status: 'open',
      reason,
      details,
      createdAt: '2026-12-01T10:00:00.000Z',
      resolvedAt: null,
      staffReason: null,
    };
    return json(201, { report: target.report });
  }
  const reply = /^\/api\/pro\/companies\/7\/reviews\/(\d+)\/reply$/.exec(url.pathname);
  if (reply && init.method === 'POST') {
    const id = Number(reply[1]);
    const { body } = JSON.parse(String(init.body)) as { body: string };
    if (replyAnswer) return replyAnswer(body, id);
    const target = reviews.find((r) => r.id === id)!;
    target.reply = {
      id: 100 + id,
      body,
      status: 'pending',
      rejectReason: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      moderatedAt: null,
    };
    return json(201, { review: target });
  }
  throw new Error(`unexpected fetch of ${url.pathname}`);
});

function openScreen(path = '/pro/companies/7/reviews') {
  const router = createMemoryRouter(
    [
      {
        id: ROOT_ROUTE_ID,
        path: '/',
        loader: () => TEST_SITE,
        Component: () => (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          {
            path: 'pro/companies/:companyId/reviews',
            Component: () => <ReviewsScreen company={COMPANY} />,
          },
        ],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { [ROOT_ROUTE_ID]: TEST_SITE } } },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const item = (title: string) => screen.getByRole('article', { name: title });

const reads = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === LIST);

beforeEach(() => {
  reviews = [
    review(1, { title: 'Careful crew', rating: 5 }),
    review(2, {
      title: 'Late start',
      rating: 3,
      reply: {
        id: 12,
        body: 'Sorry for the late start.',
        status: 'pending',
        rejectReason: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        moderatedAt: null,
      },
    }),
    review(3, {
      title: 'Great team',
      rating: 5,
      reply: {
        id: 13,
        body: 'Thank you, Dana!',
        status: 'published',
        rejectReason: null,
        createdAt: '2026-11-19T10:00:00.000Z',
        moderatedAt: '2026-11-20T10:00:00.000Z',
      },
    }),
    review(4, {
      title: 'Broken lamp',
      rating: 1,
      reply: {
        id: 14,
        body: 'Call us at 555-0100 and we pay.',
        status: 'rejected',
        rejectReason: 'Please leave out the phone number.',
        createdAt: '2026-11-18T10:00:00.000Z',
        moderatedAt: '2026-11-19T10:00:00.000Z',
      },
    }),
  ];
  failReads = 0;
  replyAnswer = undefined;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'ma_pro_csrf=csrf-token-1';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Reviews screen', () => {
  it('shows the rating summary and each review with the state of its reply', async () => {
    openScreen();
    const summary = await screen.findByRole('region', { name: 'Your rating' });
    expect(summary).toHaveTextContent('3.5 out of 5');
    expect(summary).toHaveTextContent('from 4 published reviews');
    expect(summary).toHaveTextContent('2 reviews need a reply.');
    const stars = within(summary).getByRole('list', { name: 'Reviews by stars' });
    expect(
      within(stars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['5 stars2', '4 stars0', '3 stars1', '2 stars0', '1 star1']);

    expect(
      within(item('Careful crew')).getByRole('button', {
        name: 'Reply publicly to review "Careful crew"',
      }),
    ).toBeVisible();
    expect(within(item('Late start')).getByText('Waiting for review by our team')).toBeVisible();
    expect(within(item('Late start')).getByText('Sorry for the late start.')).toBeVisible();
    expect(within(item('Great team')).getByText('Published')).toBeVisible();
    expect(
      within(item('Great team')).queryByRole('button', { name: /reply/i }),
    ).not.toBeInTheDocument();
    const rejected = item('Broken lamp');
    expect(rejected).toHaveTextContent(
      'Our team did not publish this reply. The reason: Please leave out the phone number.',
    );
    expect(within(rejected).getByText('1 star out of 5')).toBeInTheDocument();
  });

  it('sends a reply with the CSRF token, counting characters and refusing one too short', async () => {
    const user = userEvent.setup();
    openScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Reply publicly to review "Careful crew"' }),
    );
    const box = within(item('Careful crew')).getByRole('textbox', {
      name: 'Your public reply to Dana',
    });
    // Opening the form takes the keyboard to it.
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(/^0 of 2,000 characters \(at least 10\)/);
    await user.type(box, 'Thanks!');
    expect(box).toHaveAccessibleDescription(/^7 of 2,000 characters/);
    await user.click(within(item('Careful crew')).getByRole('button', { name: 'Send reply' }));
    expect(box).toHaveAccessibleDescription(/Your reply must be at least 10 characters/);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(box, ' It was a pleasure to move you.');
    await user.click(within(item('Careful crew')).getByRole('button', { name: 'Send reply' }));
    expect(
      await within(item('Careful crew')).findByText('Waiting for review by our team'),
    ).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('/api/pro/companies/7/reviews/1/reply');
    expect(new Headers(post[1]!.headers).get(CSRF_HEADER)).toBe('csrf-token-1');
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      body: 'Thanks! It was a pleasure to move you.',
    });
    expect(await screen.findByText('Reply sent')).toBeVisible();
    expect(within(item('Careful crew')).queryByRole('textbox')).not.toBeInTheDocument();
    // The keyboard lands on the reply just sent, not at the top of the page.
    expect(
      within(item('Careful crew')).getByRole('group', {
        name: 'Your reply to review "Careful crew"',
      }),
    ).toHaveFocus();
  });

  it("shows the server's refusal in its words and keeps the text", async () => {
    const user = userEvent.setup();
    replyAnswer = () => json(409, { error: REVIEW_ALREADY_ANSWERED });
    openScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Reply publicly to review "Careful crew"' }),
    );
    const box = within(item('Careful crew')).getByRole('textbox');
    await user.type(box, 'Thank you for the kind words.');
    await user.click(within(item('Careful crew')).getByRole('button', { name: 'Send reply' }));
    expect(await within(item('Careful crew')).findByText(REVIEW_ALREADY_ANSWERED)).toBeVisible();
    expect(box).toHaveValue('Thank you for the kind words.');
    await user.click(within(item('Careful crew')).getByRole('button', { name: 'Cancel' }));
    expect(
      within(item('Careful crew')).getByRole('button', {
        name: 'Reply publicly to review "Careful crew"',
      }),
    ).toHaveFocus();
  });

  it('offers a new reply after a rejection, starting from the rejected text', async () => {
    const user = userEvent.setup();
    openScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Write a new reply to review "Broken lamp"' }),
    );
    const box = within(item('Broken lamp')).getByRole('textbox', {
      name: 'Your public reply to Dana',
    });
    expect(box).toHaveValue('Call us at 555-0100 and we pay.');
    await user.clear(box);
    await user.type(box, 'We are sorry about the lamp and will make it right.');
    await user.click(within(item('Broken lamp')).getByRole('button', { name: 'Send reply' }));
    expect(
      await within(item('Broken lamp')).findByText('Waiting for review by our team'),
    ).toBeVisible();
    expect(item('Broken lamp')).not.toHaveTextContent('Our team did not publish');
  });

  it('reports a review to our team with a reason, and shows how the report stands', async () => {
    const user = userEvent.setup();
    reviews[2]!.report = {
      id: 400,
      status: 'dismissed',
      reason: 'fake',
      details: '',
      createdAt: '2026-11-20T10:00:00.000Z',
      resolvedAt: '2026-11-21T10:00:00.000Z',
      staffReason: 'The reviewer did move with you.',
    };
    openScreen();
    await screen.findByRole('region', { name: 'Your rating' });
    expect(item('Great team')).toHaveTextContent(
      'Our team kept this review after your report. The reason: The reviewer did move with you.',
    );
    expect(
      within(item('Great team')).getByRole('button', { name: 'Report again: review "Great team"' }),
    ).toBeVisible();

    await user.click(
      within(item('Careful crew')).getByRole('button', {
        name: 'Report to our team: review "Careful crew"',
      }),
    );
    const reasons = within(item('Careful crew')).getByRole('group', {
      name: 'Why should our team look at this review?',
    });
    // Opening the form takes the keyboard to the first choice.
    expect(within(reasons).getAllByRole('radio')[0]).toHaveFocus();
    await user.click(within(item('Careful crew')).getByRole('button', { name: 'Send report' }));
    expect(reasons).toHaveAccessibleDescription('Choose why you are reporting this review');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(within(reasons).getByRole('radio', { name: 'About a different company' }));
    await user.type(
      within(item('Careful crew')).getByRole('textbox', {
        name: 'What is wrong with it? (optional)',
      }),
      'We never served this town.',
    );
    await user.click(within(item('Careful crew')).getByRole('button', { name: 'Send report' }));
    expect(
      await within(item('Careful crew')).findByText('Reported: waiting for our team'),
    ).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('/api/pro/companies/7/reviews/1/report');
    expect(new Headers(post[1]!.headers).get(CSRF_HEADER)).toBe('csrf-token-1');
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      reason: 'wrong-company',
      details: 'We never served this town.',
    });
    expect(await screen.findByText('Review reported')).toBeVisible();
    // The keyboard lands on the report's new state, not at the top of the page.
    expect(
      within(item('Careful crew')).getByText('Reported: waiting for our team').closest('p'),
    ).toHaveFocus();
    // While it is open there is nothing more to send.
    expect(
      within(item('Careful crew')).queryByRole('button', { name: /^Report/ }),
    ).not.toBeInTheDocument();
  });

  it('filters by stars and by "needs a reply" through the address, with an empty state', async () => {
    const user = userEvent.setup();
    const router = openScreen();
    await screen.findByRole('region', { name: 'Your rating' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stars' }), '5');
    await screen.findByText('2 reviews match these filters.');
    expect(router.state.location.search).toBe('?rating=5');
    expect(reads().at(-1)?.searchParams.get('rating')).toBe('5');

    await user.click(screen.getByRole('checkbox', { name: 'Only reviews that need a reply' }));
    await screen.findByText('1 review matches these filters.');
    expect(
      within(screen.getByRole('list', { name: 'Reviews' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Careful crew']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Stars' }), '4');
    expect(await screen.findByText('No reviews match these filters.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all reviews' }));
    await screen.findByText('4 reviews.');
    expect(router.state.location.search).toBe('');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'lowest');
    expect(router.state.location.search).toBe('?sort=lowest');
  });

  it('says when there are no reviews yet', async () => {
    reviews = [];
    openScreen();
    expect(
      await screen.findByText(
        'No published reviews yet. When customers review you, they show here.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Your rating' })).toHaveTextContent(
      'No published reviews yet.',
    );
  });

  it('shows a failure with a way to try again', async () => {
    const user = userEvent.setup();
    failReads = 2;
    openScreen();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Could not load your reviews.');
    expect(alert).toHaveTextContent('The server could not read the reviews');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your rating' })).toBeVisible();
  });
});
