/**
 * One message (/admin/mail/:id): who it went to, its subject and status, how its sending went (attempts,
 * the last failure in plain words, the mail server's id for it, its job), the text body, and the HTML body
 * as the reader sees it.
 *
 * The HTML is shown in an <iframe sandbox> whose page comes from the server (/api/admin/mail/:id/html) with
 * its own Content-Security-Policy: no scripts, no requests, inline styles allowed, and `sandbox` again. Not
 * srcdoc: a srcdoc frame inherits the admin's policy (style-src 'self'), which would strip the inline styles
 * e-mail is written with, so the preview would not look like the message. The empty `sandbox` attribute
 * gives the frame an opaque origin, so even a message with a script could neither run it nor reach the
 * admin's cookies or API.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ADMIN_API, adminMailHtmlPath, type AdminMailDetail } from '@moveratlas/contracts';
import { BackLink } from '../../../components/dashboard/breadcrumb';
import { cardClass, linkClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { RecordStates } from '../../../components/dashboard/load-states';
import { Panel } from '../../../components/dashboard/section-card';
import { MailStatusBadge, templateLabel } from './mail-format';
import { Facts } from '../../../components/dashboard/facts';

function Sending({ mail }: { mail: AdminMailDetail }) {
  const attempts = `${mail.attempts} ${mail.attempts === 1 ? 'attempt' : 'attempts'}`;
  return (
    <Panel title="Sending">
      {mail.status === 'kept' ? (
        <p className="text-sm text-slate-700">
          Kept here: no mail server is set up (<code>SMTP_URL</code>), so it was not sent.
        </p>
      ) : null}
      {mail.lastError ? (
        <p role="status" className="mt-2 text-sm text-red-800">
          Last failure: {mail.lastError}.
        </p>
      ) : null}
      <Facts
        className="mt-3"
        items={[
          ['Attempts', attempts],
          ['Sent', mail.sentAt ? <DateTime iso={mail.sentAt} /> : 'Not sent'],
          ["Mail server's id", mail.providerMessageId ?? '—'],
          [
            'Job',
            mail.jobId !== null ? (
              <Link to={`/admin/jobs/${mail.jobId}`} className={linkClass}>
                Job {mail.jobId}
              </Link>
            ) : (
              '—'
            ),
          ],
          ['Last change', <DateTime iso={mail.updatedAt} />],
        ]}
      />
    </Panel>
  );
}

function MailView({ mail }: { mail: AdminMailDetail }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="space-y-4">
        <section aria-labelledby="mail-subject" className={cardClass}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id="mail-subject" className="text-xl font-bold break-words text-slate-900">
              {mail.subject}
            </h2>
            <MailStatusBadge status={mail.status} />
          </div>
          <Facts
            className="mt-3"
            items={[
              ['To', mail.to],
              ['From', mail.from],
              ['Kind', templateLabel(mail.template)],
              ['Created', <DateTime iso={mail.createdAt} />],
            ]}
          />
        </section>
        {mail.hasHtml ? (
          <Panel title="As the reader sees it">
            <iframe
              title={`The message "${mail.subject}" as the reader sees it`}
              src={adminMailHtmlPath(mail.id)}
              sandbox=""
              referrerPolicy="no-referrer"
              className="h-[32rem] w-full rounded-lg border border-slate-200 bg-white"
            />
          </Panel>
        ) : null}
        <Panel title="Text version">
          <pre className="overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm break-words whitespace-pre-wrap text-slate-900">
            {mail.text}
          </pre>
        </Panel>
      </div>
      <div className="space-y-4">
        <Sending mail={mail} />
      </div>
    </div>
  );
}

export function Component() {
  const { id } = useParams();
  const mail = useQuery<AdminMailDetail>({ queryKey: [`${ADMIN_API.mail}/${id}`] });
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <BackLink to="/admin/mail">All mail</BackLink>
      <RecordStates query={mail} what="this message" notFound="Message not found" blocks={3}>
        {(record) => <MailView mail={record} />}
      </RecordStates>
    </div>
  );
}
