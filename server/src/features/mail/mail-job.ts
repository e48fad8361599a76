/**
 * The `mail.send` job: sends a stored message through the SMTP server of SMTP_URL, or — without one — marks
 * it kept, so staff read it on the admin Mail screen. The message row follows its job: retrying with the
 * failure in plain words, failed when the job gives up (a dead letter the Jobs screen can retry), sent with
 * the SMTP server's queue id. A message already sent is never sent again, whatever the job does.
 */
import type { Knex } from 'knex';
import { createTransport } from 'nodemailer';
import type { Logger } from 'pino';
import { z } from 'zod';
import { PermanentJobError, ServiceUnavailableError, type JobRegistry } from '../../jobs/worker';
import { MAIL_SEND_JOB, type MailConfig } from './send-mail';

const Payload = z.object({ mailId: z.number().int() });

interface MailRow {
  id: number;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: string;
  message_id: string;
}

/** An SMTP failure as nodemailer reports it. */
interface SmtpError {
  code?: string;
  responseCode?: number;
  permanent?: boolean;
  originalCode?: string;
}

/**
 * Why an attempt failed, in fixed plain words: the reply code or the kind of failure, never the server's own
 * text (it may carry the address or the account's details).
 */
export function smtpFailureWords(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  if (typeof e.responseCode === 'number') {
    const code = e.responseCode;
    if (e.code === 'EAUTH') return `the mail server refused the user name or password (${code})`;
    if (code >= 500 && code !== 503)
      return `the mail server rejected the message for good (${code})`;
    return `the mail server asked to try again later (${code})`;
  }
  switch (e.originalCode ?? e.code) {
    case 'ECONNREFUSED':
      return 'the mail server refused the connection: nothing listens at SMTP_URL';
    case 'ETIMEDOUT':
      return 'the mail server did not answer in time';
    case 'EDNS':
    case 'ENOTFOUND':
      return "the mail server's host name does not resolve";
    case 'ETLS':
      return 'the secure connection to the mail server failed (certificate or TLS)';
    case 'EAUTH':
    case 'ENOAUTH':
      return 'the mail server refused the user name or password';
    case 'ECONNECTION':
    case 'ECONNRESET':
    case 'ESOCKET':
      return 'the connection to the mail server broke off';
    default:
      return 'the message could not be handed to the mail server';
  }
}

/** A connection that never got as far as the SMTP conversation: the server is down, not the message. */
const unreachable = (error: SmtpError) =>
  error.responseCode === undefined &&
  [
    'ECONNREFUSED',
    'ETIMEDOUT',
    'ECONNECTION',
    'ECONNRESET',
    'ESOCKET',
    'EDNS',
    'ENOTFOUND',
  ].includes(error.originalCode ?? error.code ?? '');

/** The SMTP server's id for the message, when its reply names one ("250 OK: queued as 4F2A1"). */
function queueIdOf(response: unknown): string | null {
  if (typeof response !== 'string') return null;
  const match = /queued as ([A-Za-z0-9._-]{1,100})/i.exec(response);
  return match ? match[1]! : null;
}

export function mailJobHandlers(db: Knex, config: MailConfig, logger: Logger): JobRegistry {
  const transport = config.mail.smtpUrl
    ? createTransport({
        url: config.mail.smtpUrl,
        // A mail server that does not answer must not hold a job for the default two minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;
  return {
    [MAIL_SEND_JOB]: {
      async run(job, signal) {
        const parsed = Payload.safeParse(job.payload);
        if (!parsed.success) throw new PermanentJobError('malformed job payload');
        const { mailId } = parsed.data;
        const mail = (await db('mail_messages').where({ id: mailId }).first()) as
          MailRow | undefined;
        if (!mail) throw new PermanentJobError(`mail message ${mailId} no longer exists`);
        if (mail.status === 'sent' || mail.status === 'kept')
          return { result: { already: mail.status } };

        if (!transport) {
          return {
            result: { kept: true },
            commit: async (trx) => {
              await trx('mail_messages')
                .where({ id: mailId })
                .update({ status: 'kept', attempts: job.attempts, updated_at: Date.now() });
            },
          };
        }

        try {
          const info = await transport.sendMail({
            from: mail.from_address,
            to: mail.to_address,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
            messageId: mail.message_id,
            signal,
          });
          const providerId = queueIdOf(info.response);
          return {
            result: { sent: true, providerMessageId: providerId },
            commit: async (trx) => {
              const now = Date.now();
              await trx('mail_messages').where({ id: mailId }).update({
                status: 'sent',
                attempts: job.attempts,
                last_error: null,
                provider_message_id: providerId,
                sent_at: now,
                updated_at: now,
              });
            },
          };
        } catch (error) {
          const smtp = (error ?? {}) as SmtpError;
          const words = smtpFailureWords(error);
          const permanent = smtp.permanent === true;
          const last = permanent || job.attempts >= job.maxAttempts;
          await db('mail_messages')
            .where({ id: mailId })
            .whereNot('status', 'sent')
            .update({
              status: last ? 'failed' : 'retrying',
              attempts: job.attempts,
              last_error: words,
              updated_at: Date.now(),
            });
          logger.warn({ mailId, attempt: job.attempts, reason: words }, 'mail not sent');
          if (permanent) throw new PermanentJobError(words, { cause: error });
          // A mail server that is down pauses the sending (the worker's circuit), as the lead backend does.
          if (unreachable(smtp)) throw new ServiceUnavailableError(words, { cause: error });
          throw new Error(words, { cause: error });
        }
      },
    },
  };
}
