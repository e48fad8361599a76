/**
 * What a delivery sends, read fresh at each attempt: the lead (contact and move), the consent that named the
 * company, the company's withdrawal mark on its inbox row, and the company. Also the consent gate: a delivery
 * goes out only while the visitor's consent names the company and was not withdrawn — checked at delivery
 * time, so a withdrawal or a deletion after the intake still stops it.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  MOVE_SIZES,
  namedCompanyIds,
  readMoveDate,
  isoCalendarDate,
  type WebhookLead,
} from '@moveratlas/contracts';
import { sqlTimestampToIso } from '../../db/timestamps';
import { parseStored } from '../../lib/stored-json';

/** Why a withdrawn company's deliveries stop, as its delivery log says it. */
export const CONSENT_WITHDRAWN = 'The customer withdrew their consent for this company';

export interface DeliveryCompany {
  id: number;
  name: string;
  slug: string;
  email: string | null;
}

export interface DeliveryLead {
  leadId: number;
  publicId: string;
  lead: WebhookLead;
  /** Why this company may not receive the lead now, in plain words; undefined when it may. */
  gate: string | undefined;
}

interface LeadRow {
  id: number;
  public_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  from_city: string | null;
  from_state: string | null;
  from_zip: string | null;
  from_location: string;
  to_city: string | null;
  to_state: string | null;
  to_zip: string | null;
  to_location: string;
  move_date: string;
  move_size: string | null;
  number_of_rooms: number | null;
  auto_transport: string | null;
  created_at: string | Date;
}

interface ConsentRow {
  consent_version: string;
  consent_text: string;
  named_companies: string;
  consented_at: string | number | Date;
}

const NamedCompanies = z.array(z.object({ id: z.unknown() }));
const Vehicle = z.object({
  year: z.string(),
  make: z.string(),
  model: z.string(),
  condition: z.string(),
});

/** MM/DD/YYYY as YYYY-MM-DD; null when unreadable. */
function moveDay(value: string): string | null {
  const date = readMoveDate(value);
  return date ? isoCalendarDate(date) : null;
}

export const moveSizeLabel = (size: string | null): string | null =>
  size === null ? null : (MOVE_SIZES.find((s) => s.id === size)?.label ?? size);

function webhookLead(row: LeadRow, consent: ConsentRow): WebhookLead {
  return {
    id: row.public_id,
    receivedAt: sqlTimestampToIso(row.created_at),
    contact: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
    },
    move: {
      from: {
        city: row.from_city ?? '',
        state: row.from_state ?? '',
        zip: row.from_zip ?? '',
        label: row.from_location,
      },
      to: {
        city: row.to_city ?? '',
        state: row.to_state ?? '',
        zip: row.to_zip ?? '',
        label: row.to_location,
      },
      date: moveDay(row.move_date),
      size: moveSizeLabel(row.move_size),
      rooms: row.number_of_rooms === null ? null : Number(row.number_of_rooms),
      vehicle: parseStored(Vehicle.nullable(), row.auto_transport, null),
    },
    consent: {
      version: consent.consent_version,
      text: consent.consent_text,
      consentedAt: sqlTimestampToIso(consent.consented_at),
    },
  };
}

export interface StoredLead {
  leadId: number;
  publicId: string;
  lead: WebhookLead;
  /** The companies the consent names. */
  named: number[];
}

/**
 * The lead as every message about it shows it (a mover's delivery, the visitor's own confirmation and page),
 * with the companies its consent names; undefined when the lead no longer exists (deleted).
 */
export async function storedLead(
  db: Knex | Knex.Transaction,
  leadId: number,
): Promise<StoredLead | undefined> {
  const [row, consent] = await Promise.all([
    db('leads').where({ id: leadId }).first() as Promise<LeadRow | undefined>,
    db('lead_consents')
      .where({ lead_id: leadId })
      .first('consent_version', 'consent_text', 'named_companies', 'consented_at') as Promise<
      ConsentRow | undefined
    >,
  ]);
  if (!row || !consent) return undefined;
  return {
    leadId: Number(row.id),
    publicId: row.public_id,
    lead: webhookLead(row, consent),
    named: namedCompanyIds(parseStored(NamedCompanies, consent.named_companies, [])),
  };
}

/** The lead as `companyId` may receive it — with the consent gate — or undefined when it was deleted. */
export async function deliveryLead(
  db: Knex,
  leadId: number,
  companyId: number,
): Promise<DeliveryLead | undefined> {
  const [found, inbox] = await Promise.all([
    storedLead(db, leadId),
    db('company_leads')
      .where({ lead_id: leadId, company_id: companyId })
      .first('consent_withdrawn_at') as Promise<
      { consent_withdrawn_at: number | string | null } | undefined
    >,
  ]);
  if (!found) return undefined;
  let gate: string | undefined;
  if (!found.named.includes(companyId)) gate = 'The customer did not choose this company';
  else if (inbox?.consent_withdrawn_at != null) gate = CONSENT_WITHDRAWN;
  return { leadId: found.leadId, publicId: found.publicId, lead: found.lead, gate };
}

export async function deliveryCompany(
  db: Knex | Knex.Transaction,
  companyId: number,
): Promise<DeliveryCompany | undefined> {
  const row = (await db('companies')
    .where({ id: companyId })
    .first('id', 'name', 'slug', 'email')) as DeliveryCompany | undefined;
  return row ? { ...row, id: Number(row.id) } : undefined;
}
