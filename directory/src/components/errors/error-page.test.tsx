import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithRouter } from '../../test/render-with-router';
import { ErrorPage } from './error-page';

afterEach(cleanup);

describe('ErrorPage', () => {
  it('shows status 500 and the default message by default', () => {
    renderWithRouter(<ErrorPage />, { path: '/error' });
    expect(screen.getByText('Error 500')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Something Went Wrong' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "We're experiencing some technical difficulties. Our team has been notified and is working to fix the issue.",
      ),
    ).toBeInTheDocument();
  });

  it('offers Back to Home, Refresh Page, Contact Support and the support e-mail', () => {
    renderWithRouter(<ErrorPage status={503} />, { path: '/error' });
    expect(screen.getByText('Error 503')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(
      screen.getByRole('link', { name: 'support@moveratlas.example' }).getAttribute('href'),
    ).toBe('mailto:support@moveratlas.example');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex',
    );
  });
});
