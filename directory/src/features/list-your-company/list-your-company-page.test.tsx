import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { ListYourCompanyView } from './list-your-company-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ListYourCompanyView', () => {
  it('shows a message beside every invalid field', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<ListYourCompanyView sent={false} error={null} />, {
      path: '/list-your-company',
    });
    fill('Phone', '555-0142');
    fill('USDOT number', '12AB');
    fireEvent.submit(screen.getByRole('form', { name: 'Company application' }));
    // The schema loads on demand (form-schemas.ts): the messages come a moment after the submit.
    expect(await screen.findByText('companyName is required')).toBeInTheDocument();
    expect(screen.getByText('phone must have exactly 10 digits')).toBeInTheDocument();
    expect(screen.getByText('usdotNumber must be 1 to 8 digits')).toBeInTheDocument();
    expect(screen.getByText('state must be a US state')).toBeInTheDocument();
    expect(screen.getByText('services must list at least one service')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the chosen services as a list and shows the confirmation', async () => {
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
    fill('Company name', 'Prairie State Movers');
    fill('Contact name', 'Sam Ortiz');
    fill('E-mail address', 'sam@prairie.example');
    fill('Phone', '(312) 555-0142');
    fill('State', 'IL');
    fill('City', 'Springfield');
    fireEvent.click(screen.getByLabelText('Local Moving'));
    fireEvent.click(screen.getByLabelText('Piano Moving'));
    fireEvent.submit(screen.getByRole('form', { name: 'Company application' }));
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
