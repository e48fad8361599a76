/**
 * Failure alerts (/admin/settings#alerts): the addresses e-mailed when something starts failing — lead
 * delivery, dead letters, a schedule, a crawl or QA run. One e-mail per problem, none again until it
 * recovered and failed anew. Without SMTP_URL the e-mails are kept on the Mail screen instead.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  ALERT_EMAILS_MAX,
  AlertEmailsUpdateSchema,
  type AlertEmails,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { linkClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { formatDateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { TextArea } from '../../../components/dashboard/fields';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';

/** One address a line; commas, semicolons and spaces separate them too. */
const addressesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

function AlertEmailsFields({ answer }: { answer: AlertEmails }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(answer.emails.join('\n'));
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (emails: string[]) =>
      adminWrite<AlertEmails>('PUT', ADMIN_API.alertEmails, { emails }),
    onSuccess: (saved) => {
      queryClient.setQueryData([ADMIN_API.alertEmails], saved);
      setText(saved.emails.join('\n'));
      toast({
        title: 'Alert addresses saved',
        description:
          saved.emails.length === 0
            ? 'Nobody is e-mailed when something fails.'
            : `${saved.emails.length} ${saved.emails.length === 1 ? 'address gets' : 'addresses get'} the alerts.`,
      });
    },
    onError: (failure) => setError(failureText(failure)),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AlertEmailsUpdateSchema.safeParse({ emails: addressesOf(text) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.emails);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <TextArea
        label="Alert e-mail addresses"
        name="alertEmails"
        rows={3}
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
        hint={`One address a line, at most ${ALERT_EMAILS_MAX}. Empty: nobody is e-mailed (the banner still shows).`}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save alert addresses'}
        </button>
        <p className="text-xs text-slate-600">
          {answer.updatedAt
            ? `Last changed ${formatDateTime(answer.updatedAt)}${answer.updatedBy ? ` by ${answer.updatedBy}` : ''}.`
            : 'Nobody is e-mailed yet.'}
        </p>
      </div>
    </form>
  );
}

export function AlertEmailsPanel() {
  const query = useQuery<AlertEmails>({ queryKey: [ADMIN_API.alertEmails] });
  return (
    <SectionCard
      id="alerts"
      title="Failure alerts"
      description={
        <>
          Who is e-mailed when something starts failing: lead delivery, dead letters, a schedule, an
          SEO crawl or QA run. Once per problem, again only after it recovered and failed anew.
          Without a mail server the e-mails wait on the{' '}
          {/* A plain link: the Settings screen is also drawn outside a router (its tests). */}
          <a href="/admin/mail" className={linkClass}>
            Mail screen
          </a>
          .
        </>
      }
    >
      {query.isPending ? (
        <Skeleton rows blocks={2} label="Loading the alert addresses" />
      ) : query.isError ? (
        <LoadFailure
          what="the alert addresses"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <AlertEmailsFields key={query.data.updatedAt ?? 'none'} answer={query.data} />
      )}
    </SectionCard>
  );
}
