/**
 * Outgoing mail on every test database, against a real SMTP server on loopback: a message is stored and
 * queued together, sent once with the right subject and bodies (the site's name and support address from
 * Settings), kept for the Mail screen without SMTP_URL, retried while the server refuses, dead-lettered after
 * its last attempt (and sent when an admin retries it), and given up at once on a permanent rejection.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config, type DatabaseConfig } from '../../src/config';
import { openDatabase } from '../../src/db/connection';
import { findJob, jobEvents, retryJob } from '../../src/jobs/queue';
import { JobWorker } from '../../src/jobs/worker';
import { MAIL_SEND_JOB, mailJobHandlers, sendMail } from '../../src/features/mail';
import { SiteSettings, siteSettingDefaults } from '../../src/features/settings';
import { testDatabases } from '../databases';
import { waitFor } from '../leads/support';
import { LoopbackSmtp } from '../support/loopback-smtp';

interface MailRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  job_id: number | string | null;
  sent_at: number | string | null;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}

const SINCE = Date.UTC(2026, 10, 27, 5, 0);

const alertData = (title: string) => ({
  problems: [
    {
      title,
      detail: 'Last error: the lead backend answered HTTP 500 <b>&</b>.',
      since: SINCE,
      link: '/admin/jobs?status=queued&type=lead.forward',
      linkLabel: 'See the waiting deliveries',
    },
  ],
});

describe.each(testDatabases())('outgoing mail on $name', ({ config: database }) => {
  let db: Knex;
  const smtp = new LoopbackSmtp();
  const tag = randomUUID().slice(0, 8);
  const address = (name: string) => `${name}-${tag}@example.com`;
  let worker: JobWorker | undefined;

  const configWith = (env: NodeJS.ProcessEnv): Config => ({
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JOB_BACKOFF_BASE_MS: '20',
      JOB_BACKOFF_MAX_MS: '100',
      ...env,
    }),
    database: database as DatabaseConfig,
  });
  const smtpConfig = (env: NodeJS.ProcessEnv = {}) =>
    configWith({ SMTP_URL: smtp.url, MAIL_FROM: 'alerts@moveratlas.example', ...env });

  const startWorker = (config: Config) => {
    worker = new JobWorker({
      db,
      logger: pino({ level: 'silent' }),
      handlers: mailJobHandlers(db, config, pino({ level: 'silent' })),
      concurrency: 1,
      pollIntervalMs: 50,
      leaseMs: 10_000,
      backoff: config.jobs.backoff,
    });
    worker.start();
  };
  const mailRow = async (id: number) =>
    (await db('mail_messages').where({ id }).first()) as MailRow;
  const settled = (id: number, statuses: string[]) =>
    waitFor(
      async () => statuses.includes((await mailRow(id)).status),
      15_000,
      `mail ${id} to be ${statuses.join(' or ')}`,
    );

  beforeAll(async () => {
    db = openDatabase(database);
    await smtp.start();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    smtp.refuse(0);
  });
  afterAll(async () => {
    const ids = (await db('mail_messages')
      .where('to_address', 'like', `%-${tag}@example.com`)
      .pluck('job_id')) as number[];
    await db('jobs').whereIn('id', ids).delete();
    await db('mail_messages').where('to_address', 'like', `%-${tag}@example.com`).delete();
    await smtp.close();
    await db.destroy();
  });

  it('stores and queues a message together, then sends it once with the right subject and bodies', async () => {
    const config = smtpConfig();
    const to = address('sent');
    const id = await sendMail(
      db,
      { to, template: 'admin-alert', data: alertData('Lead delivery is failing') },
      config,
    );
    const stored = await mailRow(id);
    expect(stored.status).toBe('queued');
    const job = await findJob(db, Number(stored.job_id));
    expect(job).toMatchObject({ type: MAIL_SEND_JOB, status: 'queued', payload: { mailId: id } });

    startWorker(config);
    await settled(id, ['sent']);
    const site = await new SiteSettings(db, siteSettingDefaults(config), 0).current();
    const received = smtp.to(to);
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe(`${site.siteName}: Lead delivery is failing`);
    expect(received[0]!.from).toBe('alerts@moveratlas.example');
    // Both bodies say the same, signed with the Settings' name and support address.
    const { decoded } = received[0]!;
    expect(decoded).toContain('Content-Type: text/plain');
    expect(decoded).toContain('Content-Type: text/html');
    expect(decoded).toContain('* Lead delivery is failing');
    expect(decoded).toContain('Failing since 2026-11-27 05:00 UTC.');
    expect(decoded).toContain(`Help: ${site.supportEmail}`);
    // The HTML escapes what the data carried; the text keeps it as written.
    expect(decoded).toContain('answered HTTP 500 &lt;b&gt;&amp;&lt;/b&gt;.');
    expect(decoded).toContain('answered HTTP 500 <b>&</b>.');
    expect(decoded).not.toMatch(/<b>&<\/b><br>/);

    const sent = await mailRow(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent.provider_message_id).toMatch(/^Q\d+X$/);
    expect(Number(sent.sent_at)).toBeGreaterThan(0);
    expect(sent.from_address).toBe(`"${site.siteName}" <alerts@moveratlas.example>`);
    expect((await findJob(db, Number(sent.job_id)))!.status).toBe('succeeded');
    // Nothing arrives a second time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('keeps the message in the database for the Mail screen when SMTP_URL is not set', async () => {
    const config = configWith({});
    const to = address('kept');
    const id = await sendMail(
      db,
      { to, template: 'admin-alert', data: alertData('Kept here') },
      config,
    );
    startWorker(config);
    await settled(id, ['kept']);
    const kept = await mailRow(id);
    expect(kept).toMatchObject({ status: 'kept', attempts: 1, sent_at: null });
    expect(kept.from_address).toContain('<no-reply@localhost>');
    expect(kept.text_body).toContain('* Kept here');
    expect(kept.html_body).toContain('<strong>Kept here</strong>');
    expect((await findJob(db, Number(kept.job_id)))!.status).toBe('succeeded');
    expect(smtp.to(to)).toEqual([]);
  });

  it('commits nothing when the caller rolls its transaction back', async () => {
    const to = address('rolled-back');
    await expect(
      db.transaction(async (trx) => {
        await sendMail(
          trx,
          { to, template: 'admin-alert', data: alertData('Never') },
          configWith({}),
        );
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    const n = (await db('mail_messages').where({ to_address: to }).count({ n: '*' }).first()) as {
      n: number | string;
    };
    expect(Number(n.n)).toBe(0);
  });

  it('retries while the SMTP server refuses, and sends the message once when it accepts', async () => {
    const config = smtpConfig();
    const to = address('retried');
    smtp.refuse(2, 451);
    const id = await sendMail(
      db,
      { to, template: 'admin-alert', data: alertData('Third time lucky') },
      config,
    );
    startWorker(config);
    await settled(id, ['sent']);
    expect(smtp.refused).toBeGreaterThanOrEqual(2);
    expect(smtp.to(to)).toHaveLength(1);
    const sent = await mailRow(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    const events = (await jobEvents(db, Number(sent.job_id))).map((e) => [e.event, e.message]);
    expect(events).toEqual([
      ['retry', 'the mail server asked to try again later (451)'],
      ['retry', 'the mail server asked to try again later (451)'],
      ['succeeded', null],
    ]);
  });

  it('dead-letters the message after its last attempt; an admin retry sends it', async () => {
    const config = smtpConfig({ MAIL_MAX_ATTEMPTS: '3' });
    const to = address('dead');
    smtp.refuse(Infinity, 451);
    const id = await sendMail(
      db,
      { to, template: 'admin-alert', data: alertData('Nobody home') },
      config,
    );
    startWorker(config);
    await settled(id, ['failed']);
    const failed = await mailRow(id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'the mail server asked to try again later (451)',
      sent_at: null,
    });
    await waitFor(
      async () => (await findJob(db, Number(failed.job_id)))!.status === 'dead',
      5000,
      'the dead letter',
    );
    expect(smtp.to(to)).toEqual([]);

    // The Jobs screen's retry: the server accepts now.
    smtp.refuse(0);
    await retryJob(db, Number(failed.job_id), 'test-admin');
    await settled(id, ['sent']);
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('gives up at once when the server rejects the message for good', async () => {
    const config = smtpConfig();
    const to = address('rejected');
    smtp.refuse(1, 550);
    const id = await sendMail(
      db,
      { to, template: 'admin-alert', data: alertData('No such mailbox') },
      config,
    );
    startWorker(config);
    await settled(id, ['failed']);
    const failed = await mailRow(id);
    expect(failed).toMatchObject({
      attempts: 1,
      last_error: 'the mail server rejected the message for good (550)',
    });
    await waitFor(
      async () => (await findJob(db, Number(failed.job_id)))!.status === 'dead',
      5000,
      'the dead letter',
    );
  });
});
