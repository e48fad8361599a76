/**
 * Every message the server sends, by name: one module per message, each turning its typed data into a
 * subject, a text and an HTML body. A new message is one entry here.
 */
import type { MailSite, RenderedMail } from './layout';
import { adminAlertMail, type AdminAlertMail } from './admin-alert';
import { moverPasswordResetMail, type MoverPasswordResetMail } from './mover-password-reset';
import { claimCodeMail, type ClaimCodeMail } from './claim-code';
import {
  claimApprovedMail,
  claimDeclinedMail,
  type ClaimApprovedMail,
  type ClaimDeclinedMail,
} from './claim-decision';

export interface MailTemplates {
  'admin-alert': AdminAlertMail;
  'mover-password-reset': MoverPasswordResetMail;
  'claim-code': ClaimCodeMail;
  'claim-approved': ClaimApprovedMail;
  'claim-declined': ClaimDeclinedMail;
}

export type MailTemplateName = keyof MailTemplates;

const TEMPLATES: {
  [Name in MailTemplateName]: (data: MailTemplates[Name], site: MailSite) => RenderedMail;
} = {
  'admin-alert': adminAlertMail,
  'mover-password-reset': moverPasswordResetMail,
  'claim-code': claimCodeMail,
  'claim-approved': claimApprovedMail,
  'claim-declined': claimDeclinedMail,
};

export function renderTemplate<Name extends MailTemplateName>(
  name: Name,
  data: MailTemplates[Name],
  site: MailSite,
): RenderedMail {
  return TEMPLATES[name](data, site);
}

export type { MailSite, RenderedMail };
