/**
 * GET /api/admin/leads/:id: everything known about one lead — its fields and the body forwarded, the consent
 * recorded with it, the movers it was sent to, the widget session it came from, the forwarding job's
 * attempts and its status history.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AdminLeadDetail } from '@moveratlas/contracts';
import { jobEvents, toJob } from '../../../jobs/queue';
import { leadStatusHistory } from '../status';
import { inTurn } from '../../../db/in-turn';
import { leadDeliveries } from '../../deliveries';
import {
  deliveryState,
  forwardJobs,
  GAVE_UP_JOB_STATUSES,
  isoTime,
  isoTimeOrNull,
  toLeadSummary,
  type LeadSummaryRow,
} from './lead-rows';
import { parseStored } from '../../../lib/stored-json';
import { leadQuality, qualitySource } from '../quality';
import { leadReturnsOf } from '../returns/lead-returns';

const CompanyRefs = z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() }));
const AutoTransport = z.object({
  year: z.string(),
  make: z.string(),
  model: z.string(),
  condition: z.string(),
});

const StringRecord = z.record(z.string(), z.unknown());

/** A stored wire body's fields as strings; with `nonEmpty`, only the fields that carry something. */
function wireFields(text: unknown, nonEmpty = false): Record<string, string> {
  const record = parseStored(StringRecord, text, {});
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    const shown = value === null || value === undefined ? '' : String(value);
    if (!nonEmpty || shown !== '') fields[key] = shown;
  }
  return fields;
}

const nullableText = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

export async function leadDetail(db: Knex, id: number): Promise<AdminLeadDetail | undefined> {
  const row = (await db('leads').where({ id }).first()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const selected = parseStored(CompanyRefs, row.selected_companies, []);
  const numericIds = selected.map((c) => Number(c.id)).filter((n) => Number.isInteger(n) && n > 0);
  const sessionId = nullableText(row.session_id);

  const [partner, consent, companies, session, jobs, history, moverDeliveries] = await inTurn(
    () =>
      db('partners').where({ site_id: row.site_id }).first('name') as Promise<
        { name: string } | undefined
      >,
    () =>
      db('lead_consents').where({ lead_id: id }).first() as Promise<
        Record<string, unknown> | undefined
      >,
    () =>
      numericIds.length === 0
        ? Promise.resolve([])
        : (db({ c: 'companies' })
            .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
            .join({ s: 'states' }, 's.id', 'c.state_id')
            .whereIn('c.id', numericIds)
            .select('c.id', 'c.slug', 'ci.name as city', 's.abbreviation as state') as Promise<
            Array<{ id: number; slug: string; city: string; state: string }>
          >),
    () =>
      sessionId
        ? (db('visitor_sessions').where({ session_id: sessionId }).first() as Promise<
            Record<string, unknown> | undefined
          >)
        : Promise.resolve(undefined),
    () => forwardJobs(db, [id]),
    () => leadStatusHistory(db, id),
    () => leadDeliveries(db, id),
  );

  const job = jobs.get(id);
  const events = job ? await jobEvents(db, job.id) : [];
  const jobView = job ? toJob(job.row) : undefined;
  const delivery = deliveryState(row.delivery_status, job);
  const directory = new Map(companies.map((c) => [Number(c.id), c]));

  return {
    lead: {
      ...toLeadSummary(row as LeadSummaryRow, delivery),
      leadUuid: String(row.lead_uuid),
      partnerName: partner?.name ?? null,
      sessionId,
      pingId: nullableText(row.ping_id),
      fromZip: nullableText(row.from_zip),
      fromCity: nullableText(row.from_city),
      toZip: nullableText(row.to_zip),
      toCity: nullableText(row.to_city),
      numberOfRooms: Number(row.number_of_rooms),
      needsAutoTransport: Boolean(row.needs_auto_transport),
      autoTransport: parseStored(AutoTransport.nullable(), row.auto_transport, null),
      deliveryStatus: String(row.delivery_status),
      backendLeadId: nullableText(row.backend_lead_id),
      deliveredAt: isoTimeOrNull(row.delivered_at),
      ipAddress: String(row.ip_address),
      userAgent: String(row.user_agent),
      origin: nullableText(row.origin),
      updatedAt: isoTime(row.updated_at),
      wire: wireFields(row.wire),
    },
    consent: consent
      ? {
          version: String(consent.consent_version),
          text: String(consent.consent_text),
          companies: parseStored(CompanyRefs, consent.named_companies, []),
          checked: Boolean(consent.checkbox_checked),
          consentedAt: isoTime(consent.consented_at),
          ipAddress: String(consent.ip_address),
          userAgent: String(consent.user_agent),
          pageUrl: String(consent.page_url),
        }
      : null,
    companies: selected.map((c) => {
      const listed = directory.get(Number(c.id));
      return {
        id: c.id,
        name: c.name,
        slug: listed?.slug ?? null,
        city: listed?.city ?? null,
        state: listed?.state ?? null,
      };
    }),
    session: session
      ? {
          sessionId: String(session.session_id),
          siteId: String(session.site_id),
          visitorUuid: String(session.visitor_uuid),
          ipAddress: String(session.ip_address),
          userAgent: String(session.user_agent),
          createdAt: isoTime(session.created_at),
          deliveryStatus: String(session.delivery_status),
          fields: wireFields(session.wire, true),
        }
      : null,
    delivery: {
      state: delivery,
      job: jobView
        ? {
            id: jobView.id,
            status: jobView.status,
            attempts: jobView.attempts,
            maxAttempts: jobView.maxAttempts,
            runAt: isoTime(jobView.runAt),
            lastError: jobView.lastError,
            createdAt: isoTime(jobView.createdAt),
            updatedAt: isoTime(jobView.updatedAt),
          }
        : null,
      attempts: events.map((e) => ({
        attempt: e.attempt,
        event: e.event,
        message: e.message,
        at: isoTime(e.createdAt),
      })),
      canRetry:
        delivery !== 'delivered' &&
        jobView !== undefined &&
        (GAVE_UP_JOB_STATUSES as readonly string[]).includes(jobView.status),
    },
    statusHistory: history.map((h) => ({ ...h, changedAt: isoTime(h.changedAt) })),
    moverDeliveries,
    quality: await leadQuality(db, qualitySource(row), 'staff'),
    returns: await leadReturnsOf(db, id),
  };
}
