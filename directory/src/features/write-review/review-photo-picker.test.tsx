/**
 * The review form's optional photos (issue 19): a chosen photo is uploaded at once with the link's secret in a
 * header (never the address), its progress shown and the send button held until it is done; the stored
 * preview replaces the bar and the photo is sent with the review, with its caption. A file too large, not a
 * picture, or one past the fourth is refused in words before anything is sent; a server refusal is shown
 * beside the picker; photos found again after a reload can be removed before sending.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReviewInvitation, ReviewPhotoDraft, ReviewSubmitResult } from '@moveratlas/contracts';
import { renderWithRouter } from '../../test/render-with-router';
import { Component as WriteReviewPage } from './write-review-page';

const TOKEN = 'P'.repeat(43);

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

const draft = (id: number): ReviewPhotoDraft => ({
  id,
  width: 1600,
  height: 1067,
  preview: `data:image/webp;base64,UklGR${id}`,
});

const TEXT = 'Three careful movers, on time, nothing broken, and the price matched the quote.';

/** XMLHttpRequest as the upload uses it: each request waits until the test answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: {
    onprogress:
      ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function open(invitation: ReviewInvitation = INVITATION) {
  window.history.replaceState(null, '', `/write-review#t=${TOKEN}`);
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      });
      if (url === '/api/reviews/invitation') return json(200, invitation);
      if (url === '/api/reviews') return json(201, PUBLISHED);
      if (url.startsWith('/api/reviews/photos/')) return new Response(null, { status: 204 });
      return json(404, { error: 'No such endpoint' });
    }),
  );
  renderWithRouter(<WriteReviewPage />, { path: '/write-review' });
  return calls;
}

const picture = (name: string, type = 'image/jpeg', size?: number) => {
  const file = new File(['picture bytes'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function fillReview(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: /^5 stars/ }));
  await user.click(screen.getByLabelText('Title'));
  await user.paste('Careful crew');
  await user.click(screen.getByLabelText('Your review'));
  await user.paste(TEXT);
  await user.click(screen.getByRole('radio', { name: 'Yes, they did my move' }));
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the review form’s photos', () => {
  it('uploads a chosen photo with its progress, previews it and sends it with its caption', async () => {
    const user = userEvent.setup();
    const calls = open();
    await screen.findByRole('link', { name: 'Windy City Movers' });
    const file = picture('truck.jpg');
    await user.upload(screen.getByLabelText('Add photos'), file);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [xhr] = FakeXhr.sent;
    expect([xhr!.method, xhr!.url, xhr!.body]).toEqual(['POST', '/api/reviews/photos', file]);
    expect(xhr!.headers['X-Review-Token']).toBe(TOKEN);
    expect(xhr!.url).not.toContain(TOKEN);

    xhr!.progress(40, 100);
    expect(screen.getByRole('progressbar', { name: 'Uploading truck.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('button', { name: 'Uploading your photos…' })).toBeDisabled();

    xhr!.respond(201, draft(9));
    const preview = await screen.findByRole('img', { name: 'Photo 1 you added' });
    expect(preview).toHaveAttribute('src', draft(9).preview);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('truck.jpg is uploaded.');

    await user.click(screen.getByLabelText('Caption for photo 1 (optional)'));
    await user.paste('Our truck at dawn');
    expect(screen.getByRole('img', { name: 'Our truck at dawn' })).toBeInTheDocument();
    await fillReview(user);
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText(PUBLISHED.message)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/reviews')?.body).toEqual({
      token: TOKEN,
      rating: 5,
      title: 'Careful crew',
      text: TEXT,
      hired: 'yes',
      photos: [{ id: 9, caption: 'Our truck at dawn' }],
    });
  });

  it('refuses a file too large, one that is not a picture and one past the fourth, in words, sending none of them', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open();
    await screen.findByRole('link', { name: 'Windy City Movers' });
    await user.upload(screen.getByLabelText('Add photos'), [
      picture('huge.jpg', 'image/jpeg', 9 * 1024 * 1024),
      picture('funny.gif', 'image/gif'),
    ]);
    const alert = screen.getByRole('alert');
    expect(
      within(alert).getByText('huge.jpg is too large: a photo may be at most 8 MB.'),
    ).toBeVisible();
    expect(
      within(alert).getByText('funny.gif is not a JPEG, PNG, WebP or AVIF picture.'),
    ).toBeVisible();
    expect(FakeXhr.sent).toHaveLength(0);

    await user.upload(
      screen.getByLabelText('Add photos'),
      ['1', '2', '3', '4', '5'].map((n) => picture(`room-${n}.jpg`)),
    );
    expect(
      screen.getByText('A review can have 4 photos: 1 of those you chose was left out.'),
    ).toBeInTheDocument();
    // One at a time: each upload goes once the one before it is answered.
    for (let i = 0; i < 4; i++) {
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(i + 1));
      FakeXhr.sent[i]!.respond(201, draft(20 + i));
    }
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: /^Photo \d you added$/ })).toHaveLength(4),
    );
    expect(screen.queryByLabelText(/Add (more )?photos/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'You have added 4 photos, the most a review takes: remove one to add another.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal of an upload beside the picker and drops the photo', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('link', { name: 'Windy City Movers' });
    await user.upload(screen.getByLabelText('Add photos'), picture('note.jpg'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(415, {
      error: 'The file is not a picture we can use: upload a JPEG, PNG, WebP or AVIF image',
    });
    expect(
      await screen.findByText(
        'note.jpg: The file is not a picture we can use: upload a JPEG, PNG, WebP or AVIF image',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your photos' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send my review' })).toBeEnabled();
  });

  it('shows photos uploaded before a reload, and takes one back before sending', async () => {
    const user = userEvent.setup();
    const calls = open({ ...INVITATION, photos: [draft(5), draft(6)] });
    const photos = await screen.findByRole('list', { name: 'Your photos' });
    expect(within(photos).getAllByRole('img')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() =>
      expect(
        within(photos)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual([draft(6).preview]),
    );
    const removal = calls.find((c) => c.method === 'DELETE');
    expect(removal?.url).toBe('/api/reviews/photos/5');
    expect(removal?.headers['X-Review-Token']).toBe(TOKEN);
    expect(screen.getByText('Photo 1 removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Add more photos')).toHaveFocus());

    await fillReview(user);
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    await screen.findByText(PUBLISHED.message);
    expect(calls.find((c) => c.url === '/api/reviews')?.body).toMatchObject({
      photos: [{ id: 6 }],
    });
  });
});
