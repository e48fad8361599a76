/** A mover asked to reset their password at /pro/forgot-password: the single-use link, good for 30 minutes. */
import { renderMail, type MailSite, type RenderedMail } from './layout';

export interface MoverPasswordResetMail {
  name: string;
  /** The path with the link's secret: /pro/reset-password?token=… */
  resetPath: string;
  validMinutes: number;
}

export function moverPasswordResetMail(data: MoverPasswordResetMail, site: MailSite): RenderedMail {
  return renderMail(
    `Reset your ${site.siteName} password`,
    {
      heading: 'Reset your password',
      intro: [
        `Hello ${data.name},`,
        `Someone (we hope you) asked to reset the password of your ${site.siteName} business account. The link below works once, for ${data.validMinutes} minutes.`,
        'If it was not you, ignore this message: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url: new URL(data.resetPath, site.siteUrl).href },
      reason: `You get this because a password reset was asked for your address at ${site.siteName}.`,
    },
    site,
  );
}
