import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProChange, ProChangesPage } from '@moveratlas/contracts';
import { json, OWNED, renderScreen } from '../screens-test-support';
import { ChangesScreen } from './changes-screen';

const PATH = '/api/pro/companies/7/changes';

const change = (id: number, over: Partial<ProChange> = {}): ProChange => ({
  id,
  createdAt: `2026-11-${String(10 + (id % 10)).padStart(2, '0')}T12:00:00.000Z`,
  who: 'dana@acme.example',
  byStaff: false,
  action: 'company.team.invite',
  summary: `Change ${id}`,
  before: null,
  after: null,
  ...over,
});

const page = (items: ProChange[], pageNumber: number, total: number): ProChangesPage => ({
  items,
  total,
  page: pageNumber,
  limit: 25,
});

const routes = [{ path: 'changes', element: <ChangesScreen company={OWNED} /> }];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the change history screen', () => {
  it('lists changes newest first with who, when and the fields before and after', async () => {
    renderScreen(routes, '/changes', () =>
      json(
        200,
        page(
          [
            change(2, {
              who: 'MoverAtlas staff',
              byStaff: true,
              summary: 'MoverAtlas staff updated the phone number',
              before: { phone: '555-0100' },
              after: { phone: '555-0199' },
            }),
            change(1, {
              summary: 'Invited kim@acme.example',
              after: { email: 'kim@acme.example' },
            }),
          ],
          1,
          2,
        ),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('MoverAtlas staff updated the phone number');
    expect(items[1]).toHaveTextContent('Invited kim@acme.example');
    expect(within(items[0]!).getByText('Staff')).toBeInTheDocument();
    const fields = within(items[0]!).getByRole('table');
    expect(within(fields).getByRole('rowheader', { name: 'Phone' })).toBeInTheDocument();
    expect(within(fields).getByRole('cell', { name: '555-0100' })).toBeInTheDocument();
    expect(within(fields).getByRole('cell', { name: '555-0199' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('columnheader', { name: 'Before' })).toBeNull();
    expect(screen.getByText('2 changes')).toBeInTheDocument();
  });

  it('pages through older changes', async () => {
    const user = userEvent.setup();
    renderScreen(routes, '/changes', (url) =>
      url === `${PATH}?page=2`
        ? json(200, page([change(1, { summary: 'The oldest change' })], 2, 26))
        : json(200, page([change(26, { summary: 'The newest change' })], 1, 26)),
    );
    expect(await screen.findByText('The newest change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('The oldest change')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('says when there is no change yet', async () => {
    renderScreen(routes, '/changes', () => json(200, page([], 1, 0)));
    expect(await screen.findByText('No change has been made yet.')).toBeInTheDocument();
  });

  it('says when the history cannot be loaded', async () => {
    renderScreen(routes, '/changes', () =>
      json(403, { error: "Only the company's owner can do this" }),
    );
    expect(await screen.findByText('Could not load the change history.')).toBeInTheDocument();
    expect(screen.getByText("Only the company's owner can do this")).toBeInTheDocument();
  });
});
