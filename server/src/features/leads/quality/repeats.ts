/**
 * Repeat requests (issue 18): a lead with the phone number or e-mail address of a request from the last 30
 * days is linked to the latest of them, and a mover that already holds one of those requests is not sent this
 * one again — a person who asks twice is one customer, not two leads to pay for or call twice.
 */
import type { Knex } from 'knex';
import { TEST_DELIVERY_STATUS } from '../../partners';

export const REPEAT_WINDOW_DAYS = 30;

/** How people are recognised by their e-mail address: as typed, ignoring case and outer spaces. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

export interface RepeatCandidate {
  leadId: number;
  phone: string;
  emailKey: string;
  /** The movers the consent names. */
  companyIds: readonly number[];
}

export interface Repeat {
  /** The latest earlier request of the same phone or address. */
  repeatOf: number;
  /** Named movers that hold one of those requests already: this one does not reach them again. */
  alreadyWith: number[];
}

const sqlTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/**
 * Finds each new lead's earlier requests, inside the transaction that has just written the leads (and not yet
 * their inbox rows). Leads of one batch count in order: the second of two alike goes only where the first
 * did not.
 */
export async function findRepeats(
  trx: Knex,
  leads: readonly RepeatCandidate[],
  now = Date.now(),
): Promise<Map<number, Repeat>> {
  const repeats = new Map<number, Repeat>();
  if (leads.length === 0) return repeats;
  const since = sqlTime(now - REPEAT_WINDOW_DAYS * 86_400_000);
  // Two range reads on their own indexes (leads_phone_created, leads_email_key_created); a test partner's
  // leads are nobody's requests.
  const earlier = (
    (await trx('leads')
      .where('created_at', '>=', since)
      .whereNot('delivery_status', TEST_DELIVERY_STATUS)
      .where((q) =>
        q
          .whereIn('phone', [...new Set(leads.map((l) => l.phone))])
          .orWhereIn('email_key', [...new Set(leads.map((l) => l.emailKey))]),
      )
      .select('id', 'phone', 'email_key')) as Array<{
      id: number;
      phone: string;
      email_key: string;
    }>
  ).map((r) => ({ id: Number(r.id), phone: r.phone, emailKey: r.email_key }));
  const holders = await moversHolding(
    trx,
    earlier.map((r) => r.id),
  );
  for (const lead of [...leads].sort((a, b) => a.leadId - b.leadId)) {
    const matches = earlier.filter(
      (r) => r.id < lead.leadId && (r.phone === lead.phone || r.emailKey === lead.emailKey),
    );
    if (matches.length > 0) {
      const held = new Set(matches.flatMap((m) => holders.get(m.id) ?? []));
      const alreadyWith = lead.companyIds.filter((id) => held.has(id));
      repeats.set(lead.leadId, { repeatOf: Math.max(...matches.map((m) => m.id)), alreadyWith });
    }
    // What this lead will reach, for a later lead of the same batch.
    const reaches = lead.companyIds.filter(
      (id) => !(repeats.get(lead.leadId)?.alreadyWith ?? []).includes(id),
    );
    holders.set(lead.leadId, reaches);
  }
  return repeats;
}

async function moversHolding(
  trx: Knex,
  leadIds: readonly number[],
): Promise<Map<number, number[]>> {
  const held = new Map<number, number[]>();
  for (let i = 0; i < leadIds.length; i += 500) {
    const rows = (await trx('company_leads')
      .whereIn('lead_id', leadIds.slice(i, i + 500))
      .select('lead_id', 'company_id')) as Array<{ lead_id: number; company_id: number }>;
    for (const row of rows) {
      const list = held.get(Number(row.lead_id)) ?? [];
      list.push(Number(row.company_id));
      held.set(Number(row.lead_id), list);
    }
  }
  return held;
}
