/**
 * Accepting a lead: the lead, its consent, its first status and the outbox job that forwards it are written in
 * one transaction before the visitor gets an answer, keyed by the widget's lead_uuid so a retried or
 * double-clicked submit answers the same id and stores nothing twice.
 *
 * Leads arriving together are committed together (group commit): a transaction takes every lead that has
 * arrived by the next turn of the event loop, and while it is being written the next leads queue for the one
 * after. Nobody waits for a batch to fill — a lone lead waits one loop turn — but under load one commit
 * carries many leads, which is what lets a single SQLite writer (or InnoDB's log flush) keep up: on the
 * benchmark it doubled accepted leads per second. A batch that fails is retried lead by lead, so one bad row or a race on a
 * lead_uuid never fails the others.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  consentCompaniesIssue,
  consentText,
  namedCompanyIds,
  stateAbbreviation,
  type SendLeadForm,
  type SendLeadWire,
} from '@moveratlas/contracts';
import { dialectOf, isUniqueViolation, withTransactionRetry } from '../../db/dialect';
import { badRequest } from '../../lib/http-error';
import { enqueueJobs } from '../../jobs/queue';
import { LEAD_FORWARD_JOB } from './outbox';
import { LEAD_CONFIRM_JOB } from './visitor/confirmation-job';
import { testSiteIds, TEST_DELIVERY_STATUS } from '../partners';
import { queueLeadDeliveries, type DeliveryAttempts } from '../deliveries';
import { insertCompanyLeads, leadSearchText } from './company-leads';
import { firstStatusRow } from './status';
import { arrivalQuality, emailKey, findRepeats, type Repeat } from './quality';
import { numberOfRooms, sendLeadWire } from './wire';

export interface LeadSource {
  siteId: string;
  ip: string;
  userAgent: string;
  origin: string | undefined;
}

export interface AcceptedLead {
  id: number;
  publicId: string;
  /** False when this lead_uuid was already stored: the answer repeats the first one. */
  created: boolean;
}

// Crockford's base32 without look-alikes: ids read aloud over the phone survive.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A 10-character public lead id: 50 random bits, unguessable and short. */
export function newPublicId(): string {
  const bytes = randomBytes(10);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte & 31];
  return id;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The consent must be the text we publish for its version, naming exactly the movers the visitor chose — and
 * from version 2026-11-27 at least one mover (a request goes only to movers chosen; docs/decisions/024).
 */
export function verifyConsent(form: SendLeadForm): void {
  const companiesIssue = consentCompaniesIssue(form.consent_version, form.selected_companies);
  if (companiesIssue) throw badRequest(companiesIssue);
  const expected = consentText(
    form.selected_companies.map((c) => c.name),
    form.consent_version,
  );
  if (collapse(form.consent_text) !== collapse(expected)) {
    // In the visitor's words: the widget shows this reason (a page open across a change of the text).
    throw badRequest(
      'The consent text does not match the movers you chose. Please tick the consent box again and resend your request.',
    );
  }
}

/** A lead ready to write: validated, attributed, its 7.3.2 body built. */
interface NewLead {
  form: SendLeadForm;
  source: LeadSource;
  publicId: string;
  wire: SendLeadWire;
  receivedAt: string;
}

function leadRow({ form, source, publicId, wire }: NewLead) {
  return {
    public_id: publicId,
    lead_uuid: form.lead_uuid,
    site_id: source.siteId,
    session_id: form.session_id.trim() || null,
    ping_id: form.ping_id.trim() || null,
    first_name: wire.first_name,
    last_name: wire.last_name,
    email: wire.email_address,
    email_key: emailKey(wire.email_address),
    phone: wire.phone_number,
    // Found on arrival (issue 18); a repeat is added once the earlier requests are read.
    quality: arrivalQuality(wire.email_address),
    from_zip: wire.from_zip || null,
    from_city: wire.from_city || null,
    from_state: wire.from_state || null,
    // The state as typed is kept for the record; its abbreviation is what the admin list filters on.
    from_state_code: stateAbbreviation(wire.from_state) ?? null,
    from_location: wire.from_location,
    to_zip: wire.to_zip || null,
    to_city: wire.to_city || null,
    to_state: wire.to_state || null,
    to_location: wire.to_location,
    move_date: wire.move_date,
    move_size: form.move_size.trim() || null,
    number_of_rooms: numberOfRooms(form),
    needs_auto_transport: form.needs_auto_transport,
    auto_transport: form.needs_auto_transport
      ? JSON.stringify({
          year: form.auto_year.trim(),
          make: form.auto_make.trim(),
          model: form.auto_model.trim(),
          condition: form.auto_condition.trim(),
        })
      : null,
    selected_companies: JSON.stringify(form.selected_companies),
    wire: JSON.stringify(wire),
    ip_address: source.ip,
    user_agent: source.userAgent,
    origin: source.origin?.slice(0, 255) ?? null,
  };
}

function consentRow(leadId: number, { form, source, receivedAt }: NewLead) {
  return {
    lead_id: leadId,
    consent_version: form.consent_version,
    consent_text: form.consent_text,
    named_companies: JSON.stringify(form.selected_companies),
    checkbox_checked: form.consent_checked,
    consented_at: receivedAt,
    ip_address: source.ip,
    user_agent: source.userAgent,
    page_url: form.url.slice(0, 2000),
  };
}

/** Writes a batch of leads in one transaction; a lead_uuid already stored (or twice in the batch) is answered, not written. */
async function writeLeads(
  db: Knex,
  leads: readonly NewLead[],
  { maxAttempts, deliveryAttempts }: IntakeAttempts,
): Promise<AcceptedLead[]> {
  return withTransactionRetry(db, async (trx) => {
    const stored = (await trx('leads')
      .whereIn(
        'lead_uuid',
        leads.map((l) => l.form.lead_uuid),
      )
      .select('id', 'public_id', 'lead_uuid')) as Array<{
      id: number;
      public_id: string;
      lead_uuid: string;
    }>;
    const known = new Map<string, AcceptedLead>(
      stored.map((r) => [r.lead_uuid, { id: r.id, publicId: r.public_id, created: false }]),
    );
    // Which leads are new (a lead_uuid may also repeat within the batch: the first one is written).
    const fresh: NewLead[] = [];
    const freshUuids = new Set<string>();
    for (const lead of leads) {
      const uuid = lead.form.lead_uuid;
      if (known.has(uuid) || freshUuids.has(uuid)) continue;
      freshUuids.add(uuid);
      fresh.push(lead);
    }
    const written: Array<{ id: number; lead: NewLead }> = [];
    let testSites = new Set<string>();
    // Each new lead's created_at as stored: its company_leads rows carry the same instant.
    const createdAt = new Map<number, unknown>();
    if (fresh.length > 0) {
      // A test partner's leads are kept as tests and never forwarded (QA automation).
      testSites = await testSiteIds(
        trx,
        fresh.map((l) => l.source.siteId),
      );
      const rows = fresh.map((l) =>
        testSites.has(l.source.siteId)
          ? { ...leadRow(l), delivery_status: TEST_DELIVERY_STATUS }
          : leadRow(l),
      );
      // One multi-row insert, then the ids by lead_uuid: the same two statements on every engine.
      await trx('leads').insert(rows);
      const ids = (await trx('leads')
        .whereIn(
          'lead_uuid',
          fresh.map((l) => l.form.lead_uuid),
        )
        .select('id', 'lead_uuid', 'created_at')) as Array<{
        id: number;
        lead_uuid: string;
        created_at: unknown;
      }>;
      const idOf = new Map(ids.map((r) => [r.lead_uuid, Number(r.id)]));
      for (const r of ids) createdAt.set(Number(r.id), r.created_at);
      for (const lead of fresh) {
        const id = idOf.get(lead.form.lead_uuid)!;
        written.push({ id, lead });
        known.set(lead.form.lead_uuid, { id, publicId: lead.publicId, created: false });
      }
    }
    const createdIds = new Set(written.map((w) => w.id));
    const results = leads.map((lead) => {
      const accepted = known.get(lead.form.lead_uuid)!;
      // The first occurrence of a new lead_uuid reports it created; repeats report the same id as a replay.
      if (createdIds.delete(accepted.id)) return { ...accepted, created: true };
      return accepted;
    });
    if (written.length > 0) {
      await trx('lead_consents').insert(written.map(({ id, lead }) => consentRow(id, lead)));
      await trx('lead_status_history').insert(
        written.map(({ id, lead }) => firstStatusRow(id, lead.receivedAt)),
      );
      // A repeat of a request from the last 30 days is linked to it, and skips the movers that have it.
      const repeats = await linkRepeats(
        trx,
        written.filter(({ lead }) => !testSites.has(lead.source.siteId)),
      );
      // The companies named in the consent find the lead in their inbox (company_leads) ...
      const named = await insertCompanyLeads(
        trx,
        written.map(({ id, lead }) => ({
          leadId: id,
          companyIds: namedCompanyIds(lead.form.selected_companies).filter(
            (companyId) => !repeats.get(id)?.alreadyWith.includes(companyId),
          ),
          receivedAt: createdAt.get(id),
          moveDate: lead.wire.move_date,
          moveSize: lead.form.move_size.trim() || null,
          searchText: leadSearchText({
            firstName: lead.wire.first_name,
            lastName: lead.wire.last_name,
            email: lead.wire.email_address,
            fromCity: lead.wire.from_city || null,
            toCity: lead.wire.to_city || null,
          }),
        })),
      );
      // ... and get it by e-mail and webhook (features/deliveries); a test partner's leads go to nobody.
      const publicIdOf = new Map(written.map(({ id, lead }) => [id, lead.publicId]));
      const testLeads = new Set(
        written.filter(({ lead }) => testSites.has(lead.source.siteId)).map(({ id }) => id),
      );
      await queueLeadDeliveries(
        trx,
        named
          .filter(({ leadId }) => !testLeads.has(leadId))
          .map(({ leadId, companyId }) => ({
            leadId,
            companyId,
            leadPublicId: publicIdOf.get(leadId)!,
          })),
        deliveryAttempts,
      );
      const real = written
        .filter(({ lead }) => !testSites.has(lead.source.siteId))
        .map(({ id }) => ({ leadId: id }));
      await enqueueJobs(trx, LEAD_FORWARD_JOB, real, { maxAttempts });
      // The visitor's confirmation e-mail, with the private link to their request (issue 18).
      await enqueueJobs(trx, LEAD_CONFIRM_JOB, real, { maxAttempts });
    }
    return results;
  });
}

/** Links each repeat to its earlier request and records the movers it is not sent to again. */
async function linkRepeats(
  trx: Knex.Transaction,
  written: ReadonlyArray<{ id: number; lead: NewLead }>,
): Promise<Map<number, Repeat>> {
  const repeats = await findRepeats(
    trx,
    written.map(({ id, lead }) => ({
      leadId: id,
      phone: lead.wire.phone_number,
      emailKey: emailKey(lead.wire.email_address),
      companyIds: namedCompanyIds(lead.form.selected_companies),
    })),
  );
  for (const { id, lead } of written) {
    const repeat = repeats.get(id);
    if (!repeat) continue;
    await trx('leads')
      .where({ id })
      .update({
        repeat_of_lead_id: repeat.repeatOf,
        quality: arrivalQuality(lead.wire.email_address, repeat),
      });
  }
  return repeats;
}

/** Leads per transaction at most; far more than arrive during one commit. */
const MAX_BATCH = 100;

/** Attempts of each outbox job a lead queues. */
export interface IntakeAttempts {
  /** Forwarding to the lead backend. */
  maxAttempts: number;
  deliveryAttempts: DeliveryAttempts;
}

interface Waiting {
  lead: NewLead;
  resolve: (accepted: AcceptedLead) => void;
  reject: (error: unknown) => void;
}

export class LeadIntake {
  private readonly waiting: Waiting[] = [];
  private writing = 0;
  private scheduled = false;
  private readonly writers: number;

  constructor(
    private readonly db: Knex,
    private readonly options: IntakeAttempts & { onInvalidDate?: (value: string) => void },
  ) {
    this.writers = dialectOf(db).concurrentWriters;
  }

  /** Resolves once the lead (or the earlier one with its lead_uuid) is committed. */
  accept(form: SendLeadForm, source: LeadSource): Promise<AcceptedLead> {
    const publicId = newPublicId();
    const lead: NewLead = {
      form,
      source,
      publicId,
      wire: sendLeadWire(form, source.siteId, publicId, this.options.onInvalidDate),
      receivedAt: new Date().toISOString(),
    };
    return new Promise((resolve, reject) => {
      this.waiting.push({ lead, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Wait one turn of the event loop: requests whose bytes have already arrived join this batch.
    setImmediate(() => {
      this.scheduled = false;
      while (this.writing < this.writers && this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_BATCH);
        this.writing++;
        void this.write(batch).finally(() => {
          this.writing--;
          this.pump();
        });
      }
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const results = await writeLeads(
        this.db,
        batch.map((w) => w.lead),
        this.options,
      );
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) {
        await this.writeAlone(batch[0]!, error);
        return;
      }
      // Nothing of the batch was committed: give each lead its own transaction and its own outcome.
      for (const waiting of batch) await this.writeAlone(waiting);
    }
  }

  private async writeAlone(waiting: Waiting, firstError?: unknown): Promise<void> {
    let error = firstError;
    for (let tries = 0; tries < 3; tries++) {
      if (error !== undefined && !isUniqueViolation(error)) break;
      if (error !== undefined) {
        // Another process stored this lead_uuid first (answer its id), or — once in 2^50 — the public id collided.
        const winner = await this.findLead(waiting.lead.form.lead_uuid).catch(() => undefined);
        if (winner) return waiting.resolve(winner);
        waiting.lead.publicId = newPublicId();
        waiting.lead.wire = { ...waiting.lead.wire, lead_new_id: waiting.lead.publicId };
      }
      try {
        const [accepted] = await writeLeads(this.db, [waiting.lead], this.options);
        return waiting.resolve(accepted!);
      } catch (retryError) {
        error = retryError;
      }
    }
    waiting.reject(error);
  }

  private async findLead(leadUuid: string): Promise<AcceptedLead | undefined> {
    const row = (await this.db('leads').where({ lead_uuid: leadUuid }).first('id', 'public_id')) as
      { id: number; public_id: string } | undefined;
    return row ? { id: row.id, publicId: row.public_id, created: false } : undefined;
  }
}
