/** Reading the audit log: the filtered entries newest first, a page at a time or all of them for the export. */
import type { Knex } from 'knex';
import type { AuditEvent, AuditExportQuery, AuditListQuery } from '@moveratlas/contracts';
import { AUDIT_PAGE_SIZE } from '@moveratlas/contracts';

export interface AuditRow {
  id: number | string;
  created_at: string;
  actor_admin_id: number | string | null;
  actor_username: string;
  actor_role: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  summary: string;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
  outcome: string;
  actor_kind: string;
  company_id: number | string | null;
}

/** The day after YYYY-MM-DD, as the exclusive end of a range of whole days. */
const dayAfter = (day: string) => {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
};

/** The rows the filters select (created_at is ISO text: ranges compare as text). */
export function filteredAudit(db: Knex, query: AuditExportQuery): Knex.QueryBuilder {
  const qb = db('audit_events');
  if (query.actor) qb.where('actor_username', query.actor);
  if (query.action) qb.where('action', query.action);
  if (query.entityType) qb.where('entity_type', query.entityType);
  if (query.entityId) qb.where('entity_id', query.entityId);
  if (query.outcome) qb.where('outcome', query.outcome);
  if (query.actorKind) qb.where('actor_kind', query.actorKind);
  if (query.companyId) qb.where('company_id', query.companyId);
  if (query.from) qb.where('created_at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) qb.where('created_at', '<', dayAfter(query.to));
  return qb;
}

const parsed = (text: string | null): Record<string, unknown> | null => {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: Number(row.id),
    createdAt: row.created_at,
    actor: {
      id: row.actor_admin_id === null ? null : Number(row.actor_admin_id),
      username: row.actor_username,
      role: row.actor_role,
      kind: row.actor_kind === 'mover' ? 'mover' : 'staff',
    },
    companyId: row.company_id === null ? null : Number(row.company_id),
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    summary: row.summary,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
    ip: row.ip,
    outcome: row.outcome === 'refused' ? 'refused' : 'succeeded',
  };
}

export async function listAudit(db: Knex, query: AuditListQuery) {
  const [rows, count, actors, actions] = await Promise.all([
    filteredAudit(db, query)
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE)
      .select('*') as Promise<AuditRow[]>,
    filteredAudit(db, query).count({ n: '*' }).first() as Promise<
      { n: number | string } | undefined
    >,
    db('audit_events')
      .distinct('actor_username')
      .orderBy('actor_username')
      .pluck('actor_username') as Promise<string[]>,
    db('audit_events').distinct('action').orderBy('action').pluck('action') as Promise<string[]>,
  ]);
  return {
    items: rows.map(toAuditEvent),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: AUDIT_PAGE_SIZE,
    actors,
    actions,
  };
}
