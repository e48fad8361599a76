/**
 * Writing the audit log: one row per admin write, export, download or refused attempt, inserted with the
 * change in the change's own transaction (pass the transaction as `db`), so a change never lands without its
 * record and a record never outlives a change that rolled back (docs/decisions/027).
 */
import type { Knex } from 'knex';
import type { AdminRole, AuditOutcome } from '@moveratlas/contracts';

export interface AuditActor {
  /** null when the admin is not known (never for a request through the admin gate). */
  id: number | null;
  username: string;
  role: AdminRole | null;
  /** The client's address as TRUST_PROXY reads it. */
  ip: string | null;
  /** A mover at /pro rather than staff (issue 17): `id` is then null and `username` the mover's e-mail. */
  mover?: { id: number };
}

export type AuditFields = Record<string, unknown>;

export interface AuditEntry {
  /** company.update, leads.export, … — the policy table's `audit` action of the route. */
  action: string;
  /** company, partner, admin_user, … */
  entityType: string;
  entityId?: string | number | null;
  /** One line a person reads in the log: "Updated company Acme Movers (3 fields)". */
  summary: string;
  /** An update: only the fields that changed (changedFields); a create or delete: the whole record. */
  before?: AuditFields | null;
  after?: AuditFields | null;
  outcome?: AuditOutcome;
  /** The company whose data this concerns: its owner reads these rows at /pro (issue 17). */
  companyId?: number | null;
}

/** A field whose value is a secret: the log says it changed, never what it is. */
const SECRET_FIELD = /password|secret|token|api_?key|hash|credential/i;
export const SECRET_PLACEHOLDER = 'changed';

/** The fields with every secret's value replaced by "changed". */
export function withoutSecrets(fields: AuditFields | null | undefined): AuditFields | null {
  if (!fields) return null;
  const out: AuditFields = {};
  for (const [key, value] of Object.entries(fields))
    out[key] =
      SECRET_FIELD.test(key) && value !== null && value !== undefined ? SECRET_PLACEHOLDER : value;
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of an update that changed, before and after; null when nothing did. Keys of either side count
 * (a field that appeared or went away changed too).
 */
export function changedFields(
  before: AuditFields,
  after: AuditFields,
): { before: AuditFields; after: AuditFields } | null {
  const was: AuditFields = {};
  const is: AuditFields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return Object.keys(is).length === 0 ? null : { before: was, after: is };
}

const json = (fields: AuditFields | null | undefined) => {
  const clean = withoutSecrets(fields);
  return clean === null ? null : JSON.stringify(clean);
};

/** Rows per INSERT: 16 columns each stays far below either engine's bound-parameter limit. */
const ROWS_PER_INSERT = 200;

/**
 * Records one entry or many (a bulk action: one per row) in as few INSERTs as the rows allow. Call it with
 * the transaction of the change it records.
 */
export async function recordAudit(
  db: Knex | Knex.Transaction,
  actor: AuditActor,
  entries: AuditEntry | readonly AuditEntry[],
  now = new Date(),
): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  const createdAt = now.toISOString();
  const rows = list.map((entry) => ({
    created_at: createdAt,
    actor_admin_id: actor.id,
    actor_username: actor.username.slice(0, 64),
    actor_role: actor.role,
    action: entry.action.slice(0, 64),
    entity_type: entry.entityType.slice(0, 32),
    entity_id:
      entry.entityId === null || entry.entityId === undefined
        ? null
        : String(entry.entityId).slice(0, 64),
    summary: entry.summary.replace(/\s+/g, ' ').trim().slice(0, 300),
    before_json: json(entry.before),
    after_json: json(entry.after),
    ip: actor.ip?.slice(0, 64) ?? null,
    outcome: entry.outcome ?? 'succeeded',
    actor_kind: actor.mover ? 'mover' : 'staff',
    actor_mover_id: actor.mover?.id ?? null,
    company_id: entry.companyId ?? null,
  }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db('audit_events').insert(rows.slice(i, i + ROWS_PER_INSERT));
}
