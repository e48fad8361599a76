/**
 * Every message the server sends, by name: one module per message, each turning its typed data into a
 * subject, a text and an HTML body. A new message is one entry here.
 */
import type { MailSite, RenderedMail } from './layout';
import { adminAlertMail, type AdminAlertMail } from './admin-alert';
import { moverInvitationMail, type MoverInvitationMail } from './mover-invitation';
import { moverPasswordResetMail, type MoverPasswordResetMail } from './mover-password-reset';
import { claimCodeMail, type ClaimCodeMail } from './claim-code';
import {
  claimApprovedMail,
  claimDeclinedMail,
  type ClaimApprovedMail,
  type ClaimDeclinedMail,
} from './claim-decision';
import { reviewReplyModeratedMail, type ReviewReplyModeratedMail } from './review-reply-moderated';
import { leadForMoverMail, type LeadForMoverMail } from './lead-for-mover';
import { visitorConfirmationMail, type VisitorConfirmationMail } from './visitor-confirmation';
import { leadReturnDecidedMail, type LeadReturnDecidedMail } from './lead-return-decided';
import { leadWithdrawnMail, type LeadWithdrawnMail } from './lead-withdrawn';
import { reviewRequestMail, type ReviewRequestMail } from './review-request';
import { reviewDecidedMail, type ReviewDecidedMail } from './review-decided';

export interface MailTemplates {
  'admin-alert': AdminAlertMail;
  'mover-invitation': MoverInvitationMail;
  'mover-password-reset': MoverPasswordResetMail;
  'claim-code': ClaimCodeMail;
  'claim-approved': ClaimApprovedMail;
  'claim-declined': ClaimDeclinedMail;
  'review-reply-moderated': ReviewReplyModeratedMail;
  'lead-for-mover': LeadForMoverMail;
  'visitor-confirmation': VisitorConfirmationMail;
  'lead-return-decided': LeadReturnDecidedMail;
  'lead-withdrawn': LeadWithdrawnMail;
  'review-request': ReviewRequestMail;
  'review-decided': ReviewDecidedMail;
}

export type MailTemplateName = keyof MailTemplates;

const TEMPLATES: {
  [Name in MailTemplateName]: (data: MailTemplates[Name], site: MailSite) => RenderedMail;
} = {
  'admin-alert': adminAlertMail,
  'mover-invitation': moverInvitationMail,
  'mover-password-reset': moverPasswordResetMail,
  'claim-code': claimCodeMail,
  'claim-approved': claimApprovedMail,
  'claim-declined': claimDeclinedMail,
  'review-reply-moderated': reviewReplyModeratedMail,
  'lead-for-mover': leadForMoverMail,
  'visitor-confirmation': visitorConfirmationMail,
  'lead-return-decided': leadReturnDecidedMail,
  'lead-withdrawn': leadWithdrawnMail,
  'review-request': reviewRequestMail,
  'review-decided': reviewDecidedMail,
};

export function renderTemplate<Name extends MailTemplateName>(
  name: Name,
  data: MailTemplates[Name],
  site: MailSite,
): RenderedMail {
  return TEMPLATES[name](data, site);
}

export type { MailSite, RenderedMail };
