/**
 * The admin audit log (/admin/audit, GET /api/admin/audit and its CSV export): who did what, when, to which
 * record, with the fields before and after, newest first (docs/decisions/027).
 */
import { z } from 'zod';
import { adminDayParam, adminEnumParam, adminIntParam, adminTextParam } from './admin-leads';

export const AUDIT_OUTCOMES = ['succeeded', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_PAGE_SIZE = 25;

/** Who acted: staff in the admin, or a mover at /pro on their own company's data (issue 17). */
export const AUDIT_ACTOR_KINDS = ['staff', 'mover'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AuditListQuerySchema = z.strictObject({
  /** The admin's username, exactly. */
  actor: adminTextParam('actor', 64),
  /** An action (company.update) or every action on a kind of record (company). */
  action: adminTextParam(
    'action',
    64,
    /^[a-z_]+(\.[a-z_]+)*$/,
    'must be an action such as company.update',
  ),
  entityType: adminTextParam(
    'entityType',
    32,
    /^[a-z_]+$/,
    'must be a kind of record such as company',
  ),
  entityId: adminTextParam('entityId', 64),
  outcome: adminEnumParam('outcome', AUDIT_OUTCOMES),
  actorKind: adminEnumParam('actorKind', AUDIT_ACTOR_KINDS),
  /** The company whose data the entries concern (a mover's changes, for one). */
  companyId: adminTextParam('companyId', 10, /^[1-9]\d*$/, 'must be a company number').transform(
    (id) => (id === undefined ? undefined : Number(id)),
  ),
  /** First and last day (UTC) of the range, both included. */
  from: adminDayParam('from'),
  to: adminDayParam('to'),
  page: adminIntParam('page', 1, 100_000, 1),
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** The export takes the same filters, without the page: every matching entry. */
export const AuditExportQuerySchema = AuditListQuerySchema.omit({ page: true });
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;

const FieldsSchema = z.record(z.string(), z.unknown()).nullable();

export const AuditEventSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actor: z.object({
    id: z.number().int().nullable(),
    username: z.string(),
    role: z.string().nullable(),
    kind: z.enum(AUDIT_ACTOR_KINDS),
  }),
  companyId: z.number().int().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  before: FieldsSchema,
  after: FieldsSchema,
  ip: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEventSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  /** The usernames and actions the log holds, for the filters' choices. */
  actors: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'actor',
  'actor_role',
  'actor_kind',
  'company_id',
  'action',
  'entity_type',
  'entity_id',
  'summary',
  'before',
  'after',
  'ip',
  'outcome',
] as const;
