import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { ListYourCompanyView } from './list-your-company-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
}
const submit = (user: UserEvent) =>
  user.click(screen.getByRole('button', { name: 'Submit Application' }));

describe('ListYourCompanyView', () => {
  it('shows a message beside every invalid field', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<ListYourCompanyView sent={false} error={null} />, {
      path: '/list-your-company',
    });
    await fill(user, 'Phone', '555-0142');
    await fill(user, 'USDOT number', '12AB');
    await submit(user);
    // The schema loads on demand (form-schemas.ts): the messages come a moment after the submit.
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number must have 10 digits')).toBeInTheDocument();
    expect(screen.getByText('USDOT number must be 1 to 8 digits')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAccessibleDescription(
      'Choose a state',
    );
    expect(screen.getByText('Choose at least one service')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the chosen services as a list and shows the confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () =>
      Response.json(
        { id: 'abc123', message: 'Thank you — your application has been received.' },
        { status: 201 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<ListYourCompanyView sent={false} error={null} />, {
      path: '/list-your-company',
    });
    await fill(user, 'Company name', 'Prairie State Movers');
    await fill(user, 'Contact name', 'Sam Ortiz');
    await fill(user, 'E-mail address', 'sam@prairie.example');
    await fill(user, 'Phone', '(312) 555-0142');
    await user.selectOptions(screen.getByLabelText('State'), 'IL');
    await fill(user, 'City', 'Springfield');
    await user.click(screen.getByLabelText('Local Moving'));
    await user.click(screen.getByLabelText('Piano Moving'));
    await submit(user);
    expect((await screen.findByRole('status')).textContent).toContain('Application received');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/company-applications');
    expect(JSON.parse(init.body as string)).toMatchObject({
      companyName: 'Prairie State Movers',
      state: 'IL',
      services: ['local-moving', 'piano-moving'],
    });
  });
});
