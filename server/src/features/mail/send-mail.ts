/**
 * Accepting a message: it is rendered from its template (with the site's name and support address from
 * Settings), stored in mail_messages and queued as a `mail.send` job in one transaction — the caller's, when
 * it passes one — so a message the caller committed is never lost, and one it rolled back never goes out.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { enqueueJob } from '../../jobs/queue';
import { SiteSettings, siteSettingDefaults } from '../settings';
import {
  renderTemplate,
  type MailSite,
  type MailTemplateName,
  type MailTemplates,
} from './templates';

export const MAIL_SEND_JOB = 'mail.send';

/** What sending needs of the configuration. */
export type MailConfig = Pick<
  Config,
  'siteName' | 'leadBackendUrl' | 'publicUrl' | 'port' | 'mail'
>;

export interface OutgoingMail<Name extends MailTemplateName> {
  to: string;
  template: Name;
  data: MailTemplates[Name];
}

/** The site as a message names it: Settings' name and support address, and where links point. */
export async function mailSite(db: Knex | Knex.Transaction, config: MailConfig): Promise<MailSite> {
  // Read in the caller's transaction (with no cache): another connection could wait on its locks.
  const settings = await new SiteSettings(db as Knex, siteSettingDefaults(config), 0).current();
  return {
    siteName: settings.siteName,
    supportEmail: settings.supportEmail,
    siteUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  };
}

/** The From header: MAIL_FROM as given when it names someone, else the site's name before the address. */
export function fromHeader(from: string, siteName: string): string {
  if (from.includes('<')) return from;
  const name = siteName.replace(/["\\\r\n]/g, '').trim();
  return name ? `"${name}" <${from}>` : from;
}

const domainOf = (from: string) => /@([^\s<>@]+?)>?$/.exec(from)?.[1] ?? 'localhost';

const isTransaction = (db: Knex | Knex.Transaction): db is Knex.Transaction =>
  (db as Knex.Transaction).isTransaction === true;

/**
 * Stores one message and queues its sending; answers the message's id. With SMTP_URL the job sends it (with
 * the queue's retries, then a dead letter); without, the job marks it kept for the admin Mail screen.
 */
export async function sendMail<Name extends MailTemplateName>(
  db: Knex | Knex.Transaction,
  message: OutgoingMail<Name>,
  config: MailConfig,
): Promise<number> {
  const store = async (trx: Knex.Transaction): Promise<number> => {
    const site = await mailSite(trx, config);
    const rendered = renderTemplate(message.template, message.data, site);
    const now = Date.now();
    const [id] = (await trx('mail_messages').insert({
      to_address: message.to.slice(0, 254),
      from_address: fromHeader(config.mail.from, site.siteName).slice(0, 320),
      subject: rendered.subject.slice(0, 300),
      text_body: rendered.text,
      html_body: rendered.html,
      template: message.template,
      status: 'queued',
      attempts: 0,
      message_id: `<${randomUUID()}@${domainOf(config.mail.from)}>`,
      created_at: now,
      updated_at: now,
    })) as number[];
    const mailId = Number(id);
    const jobId = await enqueueJob(
      trx,
      MAIL_SEND_JOB,
      { mailId },
      {
        maxAttempts: config.mail.maxAttempts,
      },
    );
    await trx('mail_messages').where({ id: mailId }).update({ job_id: jobId });
    return mailId;
  };
  return isTransaction(db) ? store(db) : db.transaction(store);
}
