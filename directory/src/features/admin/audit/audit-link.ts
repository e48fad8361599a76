/** Where the audit log is, and the address of one record's history in it (a company's "History" link). */
export const AUDIT_SCREEN = '/admin/audit';

export const auditOf = (entityType: string, entityId: string | number) =>
  `${AUDIT_SCREEN}?entityType=${encodeURIComponent(entityType)}&entityId=${encodeURIComponent(String(entityId))}`;
