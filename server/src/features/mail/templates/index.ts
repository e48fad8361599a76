/**
 * Every message the server sends, by name: one module per message, each turning its typed data into a
 * subject, a text and an HTML body. A new message is one entry here.
 */
import type { MailSite, RenderedMail } from './layout';
import { adminAlertMail, type AdminAlertMail } from './admin-alert';
import { moverInvitationMail, type MoverInvitationMail } from './mover-invitation';
import { moverPasswordResetMail, type MoverPasswordResetMail } from './mover-password-reset';

export interface MailTemplates {
  'admin-alert': AdminAlertMail;
  'mover-invitation': MoverInvitationMail;
  'mover-password-reset': MoverPasswordResetMail;
}

export type MailTemplateName = keyof MailTemplates;

const TEMPLATES: {
  [Name in MailTemplateName]: (data: MailTemplates[Name], site: MailSite) => RenderedMail;
} = {
  'admin-alert': adminAlertMail,
  'mover-invitation': moverInvitationMail,
  'mover-password-reset': moverPasswordResetMail,
};

export function renderTemplate<Name extends MailTemplateName>(
  name: Name,
  data: MailTemplates[Name],
  site: MailSite,
): RenderedMail {
  return TEMPLATES[name](data, site);
}

export type { MailSite, RenderedMail };
