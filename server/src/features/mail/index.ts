/**
 * Outgoing e-mail: messages made from templates, stored and sent by a job on the durable queue (kept in the
 * database for the admin Mail screen when SMTP_URL is not set), and that screen's API. docs/decisions/030.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { sendMail, MAIL_SEND_JOB, type MailConfig, type OutgoingMail } from './send-mail';
export { mailJobHandlers } from './mail-job';
export { adminMailRoutes } from './admin/routes';
export type { MailTemplateName, MailTemplates } from './templates';
