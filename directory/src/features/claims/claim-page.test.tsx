import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ClaimInfo } from '@moveratlas/contracts';
import { renderWithRouter } from '../../test/render-with-router';
import { ClaimView } from './claim-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COMPANY = { slug: 'acme-movers-austin-tx', name: 'Acme Movers', place: 'Austin, TX' };
const info = (over: Partial<ClaimInfo> = {}): ClaimInfo => ({
  company: { id: 7, slug: COMPANY.slug, name: 'Acme Movers', city: 'Austin', state: 'TX' },
  listingEmail: 'j***@acme.com',
  claimed: false,
  ...over,
});

type Reply = (url: string, init?: RequestInit) => Response;
/** fetch answering each address from `replies` (the last reply repeats), recording every call. */
function stubFetch(replies: Record<string, Reply[]>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const list = replies[url];
    if (!list) return Response.json({ error: 'No such route' }, { status: 404 });
    const reply = list.length > 1 ? list.shift()! : list[0]!;
    return reply(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
}

describe('the claim page', () => {
  it('says where the code goes, asks for it, and lands the new owner on /pro', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      '/api/claims/acme-movers-austin-tx': [() => Response.json(info())],
      '/api/claims/acme-movers-austin-tx/code': [
        () =>
          Response.json(
            { ok: true, sentTo: 'j***@acme.com', expiresInMinutes: 30 },
            { status: 202 },
          ),
      ],
      '/api/claims/acme-movers-austin-tx/verify': [
        () =>
          Response.json(
            { error: 'That code is not right. You can try 4 more times.' },
            { status: 400 },
          ),
        () => Response.json({ ok: true, companyId: 7, next: '/pro' }),
      ],
    });
    const { router } = renderWithRouter(<ClaimView company={COMPANY} />, {
      path: '/claim/acme-movers-austin-tx',
    });
    const form = await screen.findByRole('form', { name: 'Ask for a code' });
    expect(form).toHaveTextContent(
      'We send a 6-digit code to the e-mail address on the listing, j***@acme.com, never to an address typed here',
    );

    // Nothing is sent until the fields are right.
    await user.click(screen.getByRole('button', { name: 'Send the code to j***@acme.com' }));
    expect(await screen.findByText('Your name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Your e-mail address')).toHaveAccessibleDescription(
      'Your e-mail address is required',
    );
    expect(calls.map((c) => c.url)).toEqual(['/api/claims/acme-movers-austin-tx']);

    await fill(user, 'Your name', 'Rosa Diaz');
    await fill(user, 'Your e-mail address', 'Rosa@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send the code to j***@acme.com' }));
    expect(await screen.findByRole('form', { name: 'Enter the code' })).toHaveTextContent(
      'We sent a code to j***@acme.com. It works once, for 30 minutes.',
    );
    expect(calls[1]).toEqual({
      url: '/api/claims/acme-movers-austin-tx/code',
      body: { name: 'Rosa Diaz', email: 'Rosa@Example.com' },
    });

    await fill(user, 'Code from the e-mail', '123456');
    await fill(user, 'Choose a password', 'juniper ledger claim harbor 5521');
    await user.click(screen.getByRole('button', { name: 'Claim the listing and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. You can try 4 more times.',
    );
    expect(router.state.location.pathname).toBe('/claim/acme-movers-austin-tx');

    await fill(user, 'Code from the e-mail', '654321');
    await user.click(screen.getByRole('button', { name: 'Claim the listing and sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pro'));
    expect(calls.at(-1)).toEqual({
      url: '/api/claims/acme-movers-austin-tx/verify',
      body: {
        code: '654321',
        password: 'juniper ledger claim harbor 5521',
        email: 'Rosa@Example.com',
      },
    });
  });

  it('offers only a claim with evidence when the listing has an owner', async () => {
    stubFetch({
      '/api/claims/acme-movers-austin-tx': [() => Response.json(info({ claimed: true }))],
    });
    renderWithRouter(<ClaimView company={COMPANY} />, { path: '/claim/acme-movers-austin-tx' });
    expect(
      await screen.findByText(/^This listing already has an owner, so it cannot be claimed/),
    ).toHaveRole('status');
    expect(screen.queryByRole('form', { name: 'Ask for a code' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Claim with evidence' })).toBeInTheDocument();
  });

  it('sends a claim with evidence with its document, and refuses a missing file first', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      '/api/claims/acme-movers-austin-tx': [() => Response.json(info())],
      '/api/claims/acme-movers-austin-tx/evidence': [
        () =>
          Response.json(
            { id: 3, message: 'Thank you. Our team checks every claim.' },
            { status: 201 },
          ),
      ],
    });
    renderWithRouter(<ClaimView company={COMPANY} />, { path: '/claim/acme-movers-austin-tx' });
    await user.click(await screen.findByRole('button', { name: 'Claim with evidence instead' }));
    const form = screen.getByRole('form', { name: 'Claim with evidence' });
    const inForm = within(form);
    await user.type(inForm.getByLabelText('Your name'), 'Sam Ortiz');
    await user.type(inForm.getByLabelText('Your e-mail address'), 'sam@example.com');
    await user.type(inForm.getByLabelText('Phone number'), '(512) 555-0199');
    await user.selectOptions(inForm.getByLabelText('Your role at the company'), 'manager');
    await user.type(inForm.getByLabelText('USDOT number'), '1234567');
    await user.type(
      inForm.getByLabelText('Why is this listing yours?'),
      'The listing address is an old mailbox.',
    );
    await user.click(inForm.getByRole('button', { name: 'Send the claim' }));
    expect(await inForm.findByText('Attach a document: a PDF or a photo')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    const file = new File(['%PDF-1.4 test'], 'licence.pdf', { type: 'application/pdf' });
    await user.upload(inForm.getByLabelText('Document (PDF or photo, up to 5 MB)'), file);
    await user.click(inForm.getByRole('button', { name: 'Send the claim' }));
    expect(await screen.findByText('Claim received')).toBeInTheDocument();
    expect(calls[1]!.url).toBe('/api/claims/acme-movers-austin-tx/evidence');
    expect(calls[1]!.body).toMatchObject({
      name: 'Sam Ortiz',
      role: 'manager',
      usdotNumber: '1234567',
      document: { name: 'licence.pdf', data: btoa('%PDF-1.4 test') },
    });
  });

  it('says so when the listing cannot be read, and tries again', async () => {
    const user = userEvent.setup();
    stubFetch({
      '/api/claims/acme-movers-austin-tx': [
        () => Response.json({ error: 'Server trouble' }, { status: 500 }),
        () => Response.json(info({ listingEmail: null })),
      ],
    });
    renderWithRouter(<ClaimView company={COMPANY} />, { path: '/claim/acme-movers-austin-tx' });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(/^This listing has no e-mail address we could send a code to/),
    ).toHaveRole('status');
    expect(screen.getByRole('form', { name: 'Claim with evidence' })).toBeInTheDocument();
  });
});
