/**
 * GET /api/admin/dashboard on every test database. Other test files leave leads behind, so the figures are
 * checked as exact differences: the dashboard before and after this file adds leads and outbox jobs with
 * known dates and states.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AdminDashboardSchema,
  DASHBOARD_DAYS,
  LEAD_STATUSES,
  type AdminDashboard,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

const RUN = randomUUID().slice(0, 8);

/** A UTC day `offset` days from today, as YYYY-MM-DD. */
function dayFromToday(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

interface Fixture {
  day: string;
  state: string | null;
  status: (typeof LEAD_STATUSES)[number];
  delivery: 'delivered' | 'pending';
  /** The forwarding job's status and attempts; none for a lead whose job is already gone. */
  job?: { status: string; attempts: number };
}

const today = dayFromToday(0);
const FIXTURES: Fixture[] = [
  {
    day: today,
    state: 'WY',
    status: 'new',
    delivery: 'pending',
    job: { status: 'queued', attempts: 0 },
  },
  {
    day: today,
    state: 'Wyoming',
    status: 'contacted',
    delivery: 'pending',
    job: { status: 'queued', attempts: 2 },
  },
  {
    day: dayFromToday(-1),
    state: 'wy',
    status: 'converted',
    delivery: 'delivered',
    job: { status: 'succeeded', attempts: 1 },
  },
  {
    day: dayFromToday(-6),
    state: 'MT',
    status: 'lost',
    delivery: 'pending',
    job: { status: 'dead', attempts: 8 },
  },
  {
    day: dayFromToday(-20),
    state: 'Atlantis',
    status: 'quoted',
    delivery: 'pending',
    job: { status: 'running', attempts: 1 },
  },
  // Outside the 30-day chart and the month: counts only in the total and by status.
  {
    day: dayFromToday(-45),
    state: 'WY',
    status: 'scheduled',
    delivery: 'pending',
    job: { status: 'failed', attempts: 3 },
  },
];

/** What the fixtures add, worked out from their dates the plain way. */
function expectedAdditions() {
  const now = new Date(`${today}T00:00:00Z`);
  const monday = new Date(now);
  monday.setUTCDate(now.getUTCDate() - ((now.getUTCDay() + 6) % 7));
  const week = monday.toISOString().slice(0, 10);
  const month = `${today.slice(0, 7)}-01`;
  const chartStart = dayFromToday(-(DASHBOARD_DAYS - 1));
  return {
    today: FIXTURES.filter((f) => f.day === today).length,
    thisWeek: FIXTURES.filter((f) => f.day >= week).length,
    thisMonth: FIXTURES.filter((f) => f.day >= month).length,
    total: FIXTURES.length,
    inChart: FIXTURES.filter((f) => f.day >= chartStart),
  };
}

describe.each(testDatabases())('admin dashboard API on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  let before: AdminDashboard;
  let after: AdminDashboard;
  const leadIds: number[] = [];

  const dashboard = async (): Promise<AdminDashboard> => {
    const res = await admin.request('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return AdminDashboardSchema.strict().parse(await res.json());
  };

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    before = await dashboard();
    for (const [i, f] of FIXTURES.entries()) {
      await app.db('leads').insert({
        public_id: `DB${RUN}${i}`.toUpperCase().slice(0, 16),
        lead_uuid: `dash-${RUN}-${i}`,
        site_id: 'dashboard-test',
        first_name: 'Dash',
        last_name: `Board${i}`,
        email: `dash${i}.${RUN}@example.com`,
        phone: '3075550100',
        from_state: f.state,
        from_location: f.state ?? '',
        to_location: 'Denver, CO',
        move_date: '',
        number_of_rooms: 3,
        selected_companies: '[]',
        wire: '{}',
        status: f.status,
        delivery_status: f.delivery,
        ip_address: '127.0.0.1',
        user_agent: 'dashboard.test',
        // Today's at the end of the day, so they are the newest leads of all; the others at noon.
        created_at: `${f.day} ${f.day === today ? `23:59:5${i}` : '12:00:00'}`,
      });
      const { id } = (await app
        .db('leads')
        .where({ lead_uuid: `dash-${RUN}-${i}` })
        .first('id')) as {
        id: number;
      };
      leadIds.push(Number(id));
      if (f.job) {
        await app.db('jobs').insert({
          type: 'lead.forward',
          payload: JSON.stringify({ leadId: Number(id) }),
          status: f.job.status,
          attempts: f.job.attempts,
          max_attempts: 8,
          run_at: Date.now() + 3_600_000,
          created_at: Date.now(),
          updated_at: Date.now(),
        });
      }
    }
    after = await dashboard();
  });

  afterAll(async () => {
    await app
      .db('jobs')
      .where('type', 'lead.forward')
      .whereIn(
        'payload',
        leadIds.map((id) => JSON.stringify({ leadId: id })),
      )
      .delete();
    await app.db('leads').whereIn('id', leadIds).delete();
    await app.close();
  });

  it('answers 401 without a session', async () => {
    const res = await app.get('/api/admin/dashboard');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Authentication required' });
  });

  it("counts today's, this week's, this month's and all leads", () => {
    const expected = expectedAdditions();
    expect(after.leads.today - before.leads.today).toBe(expected.today);
    expect(after.leads.thisWeek - before.leads.thisWeek).toBe(expected.thisWeek);
    expect(after.leads.thisMonth - before.leads.thisMonth).toBe(expected.thisMonth);
    expect(after.leads.total - before.leads.total).toBe(expected.total);
    expect(after.leads.today).toBeLessThanOrEqual(after.leads.thisWeek);
    expect(after.leads.thisWeek).toBeLessThanOrEqual(after.leads.total);
  });

  it('charts the last 30 UTC days, oldest first, empty days included', () => {
    expect(after.leadsPerDay).toHaveLength(DASHBOARD_DAYS);
    expect(after.leadsPerDay[0]!.date).toBe(dayFromToday(-(DASHBOARD_DAYS - 1)));
    expect(after.leadsPerDay.at(-1)!.date).toBe(today);
    const added = new Map<string, number>();
    for (const f of expectedAdditions().inChart) added.set(f.day, (added.get(f.day) ?? 0) + 1);
    after.leadsPerDay.forEach((point, i) => {
      expect(point.count - before.leadsPerDay[i]!.count, point.date).toBe(
        added.get(point.date) ?? 0,
      );
    });
  });

  it('counts every status in pipeline order', () => {
    expect(after.byStatus.map((s) => s.status)).toEqual([...LEAD_STATUSES]);
    for (const [i, entry] of after.byStatus.entries()) {
      const added = FIXTURES.filter((f) => f.status === entry.status).length;
      expect(entry.count - before.byStatus[i]!.count, entry.status).toBe(added);
    }
  });

  it('counts the states of the last 30 days as one however they are spelled', () => {
    const count = (d: AdminDashboard, state: string | null) =>
      d.byState.find((s) => s.state === state)?.count ?? 0;
    // "WY", "Wyoming" and "wy" within the window; the one 45 days old is outside it.
    expect(count(after, 'WY') - count(before, 'WY')).toBe(3);
    expect(after.byState.find((s) => s.state === 'WY')!.name).toBe('Wyoming');
    expect(count(after, 'MT') - count(before, 'MT')).toBe(1);
    expect(count(after, null) - count(before, null)).toBe(1);
    expect(after.byState.length).toBeLessThanOrEqual(10);
    const counts = after.byState.map((s) => s.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('reports the lead outbox: delivered, pending, retrying, failed and dead letters', () => {
    expect({
      delivered: after.delivery.delivered - before.delivery.delivered,
      pending: after.delivery.pending - before.delivery.pending,
      retrying: after.delivery.retrying - before.delivery.retrying,
      failed: after.delivery.failed - before.delivery.failed,
      deadLetter: after.delivery.deadLetter - before.delivery.deadLetter,
    }).toEqual({ delivered: 1, pending: 2, retrying: 1, failed: 1, deadLetter: 1 });
  });

  it('counts the companies listed and featured as the public statistics do', async () => {
    const national = z
      .object({ companyCount: z.number(), featuredCount: z.number() })
      .parse(await (await app.get('/api/statistics/national')).json());
    const total = (await app.db('companies').count({ n: '*' }).first()) as { n: number | string };
    expect(after.companies).toEqual({
      total: Number(total.n),
      listed: national.companyCount,
      featured: national.featuredCount,
    });
    expect(after.companies.listed).toBeGreaterThan(0);
  });

  it('lists the newest leads first, with their delivery', () => {
    expect(after.recentLeads.length).toBeLessThanOrEqual(10);
    const ours = after.recentLeads.filter((l) => l.siteId === 'dashboard-test');
    // Today's two, dated the end of the day, are the newest of all leads.
    const newest = ours
      .slice(0, 2)
      .map((l) => l.lastName)
      .sort();
    expect(newest).toEqual(['Board0', 'Board1']);
    const byName = new Map(ours.map((l) => [l.lastName, l]));
    expect(byName.get('Board0')!.delivery).toBe('pending');
    expect(byName.get('Board1')!.delivery).toBe('retrying');
    const times = after.recentLeads.map((l) => Date.parse(l.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
