import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { ContactView } from './contact-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
}

describe('ContactView', () => {
  it('posts to the API without scripts, with a hidden honeypot', () => {
    renderWithRouter(<ContactView sent={false} error={null} />, { path: '/contact' });
    const form = screen.getByRole('form', { name: 'Contact form' });
    expect(form.getAttribute('action')).toBe('/api/contact');
    expect(form.getAttribute('method')).toBe('post');
    const honeypot = form.querySelector('input[name="fax_number"]');
    expect(honeypot?.getAttribute('tabindex')).toBe('-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows the schema messages beside their fields and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<ContactView sent={false} error={null} />, { path: '/contact' });
    await fill(user, 'Your name', 'D');
    await fill(user, 'E-mail address', 'dana@example');
    await fill(user, 'Message', 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    // The schema loads on demand (form-schemas.ts): the messages come a moment after the submit.
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(
      screen.getByText('Enter an e-mail address such as name@example.com'),
    ).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a valid message as JSON and shows the confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () =>
      Response.json(
        { id: 'abc123', message: 'Thank you — your message has been sent.' },
        { status: 201 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<ContactView sent={false} error={null} />, { path: '/contact' });
    await fill(user, 'Your name', 'Dana Reyes');
    await fill(user, 'E-mail address', 'dana@example.com');
    await fill(user, 'Message', 'Please correct my company listing.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Thank you — your message has been sent.',
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Dana Reyes',
      email: 'dana@example.com',
      topic: 'general',
      message: 'Please correct my company listing.',
      fax_number: '',
    });
  });

  it.each([
    ['the connection drops', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'the server fails',
      async () =>
        new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ],
  ])(
    'says in plain words what to do when %s, and keeps the message typed',
    async (_when, answer) => {
      const user = userEvent.setup();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.stubGlobal('fetch', vi.fn(answer));
      renderWithRouter(<ContactView sent={false} error={null} />, { path: '/contact' });
      await fill(user, 'Your name', 'Dana Reyes');
      await fill(user, 'E-mail address', 'dana@example.com');
      await fill(user, 'Message', 'Please correct my company listing.');
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(
        /Check your internet connection, then try again\.|Please try again in a minute\./,
      );
      expect(alert.textContent).not.toMatch(/fetch|API Error|Bad Gateway|502/i);
      expect(screen.getByLabelText('Message')).toHaveValue('Please correct my company listing.');
    },
  );

  it('shows the outcome of a plain form post', () => {
    renderWithRouter(
      <ContactView sent={false} error="Enter an e-mail address such as name@example.com" />,
      {
        path: '/contact',
      },
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter an e-mail address such as name@example.com',
    );
    cleanup();
    renderWithRouter(<ContactView sent error={null} />, { path: '/contact' });
    expect(screen.getByRole('status').textContent).toContain('Message sent');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('answers the common questions and links each to the form with its topic chosen', () => {
    renderWithRouter(<ContactView sent={false} error={null} />, { path: '/contact' });
    const section = screen.getByRole('region', { name: 'Before you write' });
    const links = [...section.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/contact?topic=quotes#contact-form',
      '/contact?topic=company-listing#contact-form',
      '/contact?topic=privacy#contact-form',
      '/contact?topic=partnership#contact-form',
    ]);
    cleanup();
    renderWithRouter(<ContactView sent={false} error={null} topic="privacy" />, {
      path: '/contact',
    });
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('privacy');
  });
});
