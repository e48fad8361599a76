/**
 * The admin audit log: who changed, deleted, exported or downloaded what, when, and what it was before.
 * Every admin write records through this API, in the transaction of its change (docs/decisions/027).
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export {
  type AuditActor,
  type AuditEntry,
  type AuditFields,
  changedFields,
  recordAudit,
  SECRET_PLACEHOLDER,
} from './audit-store';
export { auditActor, auditedChange, type AuditRecorder, recordRequestAudit } from './audit-request';
export { recordBulkAudit, type BulkAuditRow } from './bulk-entries';
export { adminAuditRoutes } from './admin/routes';
