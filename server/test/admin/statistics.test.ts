/**
 * GET /api/admin/statistics on every test database. The leads, widget sessions and step events of this file
 * carry their own site id and dates in March 2025, so with the partner filter every figure is exact — and the
 * day, week and month grouping is the database's own (the dialect's day bucket) on SQLite and MariaDB alike.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminStatisticsSchema, type AdminStatistics } from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

const RUN = randomUUID().slice(0, 8);
const SITE = `stats-${RUN}`;

const LEADS: Array<{
  at: string;
  from: string | null;
  to: string | null;
  size: string | null;
  status: string;
  origin: string | null;
}> = [
  // 1 March 2025 is a Saturday; 2 March a Sunday (the week of 24 February); 3 March a Monday.
  {
    at: '2025-03-01 10:00:00',
    from: 'WY',
    to: 'CO',
    size: 'studio',
    status: 'converted',
    origin: 'https://a.example',
  },
  {
    at: '2025-03-02 23:59:59',
    from: 'Wyoming',
    to: 'Colorado',
    size: 'studio',
    status: 'new',
    origin: 'https://a.example',
  },
  {
    at: '2025-03-03 00:00:00',
    from: 'wy',
    to: 'CO',
    size: '2-3br',
    status: 'lost',
    origin: 'https://b.example',
  },
  {
    at: '2025-03-15 12:00:00',
    from: 'MT',
    to: 'WY',
    size: '4br',
    status: 'converted',
    origin: null,
  },
  {
    at: '2025-03-31 23:59:59',
    from: 'Atlantis',
    to: 'CO',
    size: null,
    status: 'new',
    origin: 'https://a.example',
  },
  // Just outside the range on either side.
  {
    at: '2025-02-28 23:59:59',
    from: 'WY',
    to: 'CO',
    size: 'studio',
    status: 'new',
    origin: 'https://a.example',
  },
  {
    at: '2025-04-01 00:00:00',
    from: 'WY',
    to: 'CO',
    size: 'studio',
    status: 'new',
    origin: 'https://a.example',
  },
];

/** Visitors reaching steps 2 to 7 (lead_uuid u1…u8, and one visitor known only by its session). */
const STEP_VISITORS: Record<number, string[]> = {
  2: ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'session-only'],
  3: ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'],
  4: ['u1', 'u2', 'u3', 'u4', 'u5'],
  5: ['u1', 'u2', 'u3', 'u4'],
  6: ['u1', 'u2', 'u3', 'u4'],
  7: ['u1', 'u2', 'u3'],
};
const STEP_NAMES = ['', 'size', 'date', 'route', 'contact', 'companies', 'auto', 'success'];

describe.each(testDatabases())('admin statistics API on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;

  const statistics = async (query: string): Promise<AdminStatistics> => {
    const res = await admin.request(`/api/admin/statistics?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return AdminStatisticsSchema.strict().parse(await res.json());
  };
  const march = (extra = '') => statistics(`siteId=${SITE}&from=2025-03-01&to=2025-03-31${extra}`);

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    await app.db('leads').insert(
      LEADS.map((lead, i) => ({
        public_id: `ST${RUN}${i}`.toUpperCase(),
        lead_uuid: `${SITE}-${i}`,
        site_id: SITE,
        first_name: 'Stat',
        last_name: `Lead${i}`,
        email: `stat${i}@example.com`,
        phone: '3075550100',
        from_state: lead.from,
        from_location: lead.from ?? '',
        to_state: lead.to,
        to_location: lead.to ?? '',
        move_date: '',
        move_size: lead.size,
        number_of_rooms: 3,
        selected_companies: '[]',
        wire: '{}',
        status: lead.status,
        ip_address: '127.0.0.1',
        user_agent: 'statistics.test',
        origin: lead.origin,
        created_at: lead.at,
      })),
    );
    await app.db('visitor_sessions').insert(
      Array.from({ length: 11 }, (_, i) => ({
        session_id: `${SITE}-s${i}`,
        site_id: SITE,
        visitor_uuid: `v${i}`,
        ip_address: '127.0.0.1',
        user_agent: 'statistics.test',
        wire: '{}',
        // Ten in March, one in April.
        created_at:
          i < 10 ? `2025-03-${String(i + 1).padStart(2, '0')} 09:00:00` : '2025-04-02 09:00:00',
      })),
    );
    const events: Array<Record<string, unknown>> = [];
    for (const [step, visitors] of Object.entries(STEP_VISITORS)) {
      for (const visitor of visitors) {
        const known = visitor !== 'session-only';
        events.push({
          site_id: SITE,
          form_step: Number(step),
          step_name: STEP_NAMES[Number(step)],
          session_id: known ? `s-${visitor}` : `s-${RUN}-only`,
          lead_uuid: known ? `${RUN}-${visitor}` : '',
          created_at: '2025-03-10 08:00:00',
        });
      }
    }
    // A visitor going back and forth counts once; an event naming nobody and one outside the range, not at all.
    events.push(
      {
        site_id: SITE,
        form_step: 2,
        step_name: 'date',
        session_id: 's-u1',
        lead_uuid: `${RUN}-u1`,
        created_at: '2025-03-11 08:00:00',
      },
      {
        site_id: SITE,
        form_step: 3,
        step_name: 'route',
        session_id: '',
        lead_uuid: '',
        created_at: '2025-03-11 08:00:00',
      },
      {
        site_id: SITE,
        form_step: 7,
        step_name: 'success',
        session_id: 's-u9',
        lead_uuid: `${RUN}-u9`,
        created_at: '2025-04-01 08:00:00',
      },
    );
    await app.db('widget_step_events').insert(events);
  });

  afterAll(async () => {
    await app.db('leads').where({ site_id: SITE }).delete();
    await app.db('visitor_sessions').where({ site_id: SITE }).delete();
    await app.db('widget_step_events').where({ site_id: SITE }).delete();
    await app.close();
  });

  it('answers 401 without a session', async () => {
    expect((await app.get('/api/admin/statistics')).status).toBe(401);
  });

  it('counts the range, its conversions and losses, by day with empty days', async () => {
    const stats = await march();
    expect(stats.range).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      granularity: 'day',
      siteId: SITE,
    });
    expect(stats.totals).toEqual({ leads: 5, converted: 2, lost: 1 });
    expect(stats.overTime).toHaveLength(31);
    expect(stats.overTime.filter((p) => p.count > 0)).toEqual([
      { period: '2025-03-01', count: 1 },
      { period: '2025-03-02', count: 1 },
      { period: '2025-03-03', count: 1 },
      { period: '2025-03-15', count: 1 },
      { period: '2025-03-31', count: 1 },
    ]);
  });

  it('groups by weeks starting on Monday and by months', async () => {
    const weeks = await march('&granularity=week');
    expect(weeks.overTime).toEqual([
      { period: '2025-02-24', count: 2 },
      { period: '2025-03-03', count: 1 },
      { period: '2025-03-10', count: 1 },
      { period: '2025-03-17', count: 0 },
      { period: '2025-03-24', count: 0 },
      { period: '2025-03-31', count: 1 },
    ]);
    const months = await statistics(
      `siteId=${SITE}&from=2025-02-01&to=2025-04-30&granularity=month`,
    );
    expect(months.overTime).toEqual([
      { period: '2025-02-01', count: 1 },
      { period: '2025-03-01', count: 5 },
      { period: '2025-04-01', count: 1 },
    ]);
    expect(months.totals.leads).toBe(7);
  });

  it('counts by state in any spelling, by move size, partner and source, and the top routes', async () => {
    const stats = await march();
    expect(stats.byState).toEqual([
      { state: 'WY', name: 'Wyoming', count: 3 },
      { state: 'MT', name: 'Montana', count: 1 },
      { state: null, name: 'Not given or unknown', count: 1 },
    ]);
    expect(stats.byMoveSize).toEqual([
      { moveSize: 'studio', label: 'Studio/1BR', count: 2 },
      { moveSize: '2-3br', label: '2-3 Bedrooms', count: 1 },
      { moveSize: '4br', label: '4+ Bedrooms', count: 1 },
      { moveSize: null, label: 'Not given', count: 1 },
    ]);
    expect(stats.byPartner).toEqual([{ siteId: SITE, name: SITE, count: 5 }]);
    expect(stats.bySource).toHaveLength(3);
    expect(stats.bySource[0]).toEqual({ siteId: SITE, origin: 'https://a.example', count: 3 });
    expect(stats.bySource.slice(1)).toEqual(
      expect.arrayContaining([
        { siteId: SITE, origin: 'https://b.example', count: 1 },
        { siteId: SITE, origin: null, count: 1 },
      ]),
    );
    expect(stats.topRoutes).toEqual([
      { from: 'WY', to: 'CO', count: 3 },
      { from: 'MT', to: 'WY', count: 1 },
    ]);
  });

  it("shows the wizard's funnel: visitors per step and the drop-off from the step before", async () => {
    const stats = await march();
    expect(stats.funnel).toEqual([
      {
        step: 1,
        name: 'sessions',
        label: 'Widget sessions opened',
        visitors: 10,
        dropOffPercent: null,
      },
      { step: 2, name: 'date', label: 'Step 2: Date', visitors: 9, dropOffPercent: 10 },
      { step: 3, name: 'route', label: 'Step 3: Route', visitors: 6, dropOffPercent: 33.3 },
      { step: 4, name: 'contact', label: 'Step 4: Contact', visitors: 5, dropOffPercent: 16.7 },
      { step: 5, name: 'companies', label: 'Step 5: Companies', visitors: 4, dropOffPercent: 20 },
      { step: 6, name: 'auto', label: 'Step 6: Auto', visitors: 4, dropOffPercent: 0 },
      { step: 7, name: 'success', label: 'Step 7: Success', visitors: 3, dropOffPercent: 25 },
    ]);
  });

  it('counts the listed companies by state and rating band as the public API does', async () => {
    const stats = await march();
    const national = z
      .object({
        companyCount: z.number(),
        featuredCount: z.number(),
        ratingDistribution: z.array(z.object({ count: z.number() })),
      })
      .parse(await (await app.get('/api/statistics/national')).json());
    const states = z
      .array(z.object({ abbreviation: z.string(), companyCount: z.number() }))
      .parse(await (await app.get('/api/states')).json());
    const listed = new Map(stats.companiesByState.map((s) => [s.state, s.listed]));
    for (const state of states.filter((s) => s.companyCount > 0))
      expect(listed.get(state.abbreviation), state.abbreviation).toBe(state.companyCount);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(stats.companiesByState.map((s) => s.listed))).toBe(national.companyCount);
    expect(sum(stats.companiesByState.map((s) => s.featured))).toBe(national.featuredCount);
    expect(stats.companiesByRating.map((b) => b.band)).toEqual([
      '4.5 – 5.0',
      '4.0 – 4.4',
      '3.0 – 3.9',
      '2.0 – 2.9',
      'Below 2.0',
      'Unrated',
    ]);
    expect(sum(stats.companiesByRating.map((b) => b.count))).toBe(national.companyCount);
    const rated = sum(national.ratingDistribution.map((b) => b.count));
    expect(stats.companiesByRating.at(-1)!.count).toBe(national.companyCount - rated);
  });

  it('defaults to the last 30 days by day, and picks weeks for a year', async () => {
    const stats = await statistics('');
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.range.to).toBe(today);
    expect(stats.range.granularity).toBe('day');
    expect(stats.overTime).toHaveLength(30);
    expect(stats.overTime.at(-1)!.period).toBe(today);
    const year = await statistics(`siteId=${SITE}&from=2025-01-01&to=2025-12-31`);
    expect(year.range.granularity).toBe('week');
    expect(year.totals.leads).toBe(7);
    expect(year.overTime.reduce((n, p) => n + p.count, 0)).toBe(7);
  });

  it.each([
    ['granularity=hour', 'Granularity must be one of: day, week, month'],
    ['from=2025-03-10&to=2025-03-01', 'The start date must not be after the end date'],
    ['from=2025-13-01', 'From must be a date as YYYY-MM-DD'],
    ['from=2000-01-01&to=2020-01-01', 'The range must be at most 3660 days'],
    [
      'from=2024-01-01&to=2025-12-31&granularity=day',
      'That range has more than 400 days; choose a coarser granularity',
    ],
    ['siteId=bad%20id', 'Site ID must be a site id'],
    ['state=WY', 'Unknown query parameter: state'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await admin.request(`/api/admin/statistics?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
  });
});
