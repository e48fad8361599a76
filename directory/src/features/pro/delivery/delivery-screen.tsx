/**
 * Lead delivery: where a company's leads go and whether they got there. Every lead is in the inbox at
 * once and e-mailed to the people chosen on Notifications; the webhook, if the company sets one up, sends
 * it to the company's own system too. The screen holds the webhook (address, secret, test, how to check
 * the signature, its latest calls) and the log of every delivery, which owners can send again.
 */
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { proWebhookPath, type ProCompany, type ProWebhook } from '@moveratlas/contracts';
import { linkClass } from '../../../components/dashboard/classes';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { proScreenPath } from '../pro-paths';
import { DeliveryLog } from './delivery-log';
import { SignatureHelp } from './signature-help';
import { WebhookCalls } from './webhook-calls';
import { WebhookCard } from './webhook-card';
import { WebhookSecret } from './webhook-secret';

function Webhook({ company }: { company: ProCompany }) {
  const query = useQuery<ProWebhook>({ queryKey: [proWebhookPath(company.id)] });
  if (query.isError && !query.data)
    return (
      <LoadFailure
        what="your webhook"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data) return <Skeleton label="Loading your webhook…" />;
  const webhook = query.data;
  return (
    <>
      <WebhookCard company={company} webhook={webhook} />
      {webhook.secret !== null ? (
        <WebhookSecret
          company={company}
          secret={webhook.secret}
          previousSecretUntil={webhook.previousSecretUntil}
        />
      ) : null}
      <SignatureHelp />
      <WebhookCalls attempts={webhook.attempts} />
    </>
  );
}

export function DeliveryScreen({ company }: { company: ProCompany }) {
  return (
    <div className="mx-auto max-w-7xl min-w-0 space-y-8">
      <p className="max-w-3xl text-sm text-slate-700">
        Every lead appears in{' '}
        <Link to={proScreenPath(company.id, 'leads')} className={linkClass}>
          Leads
        </Link>{' '}
        at once, and we e-mail it to the people chosen on{' '}
        <Link to={proScreenPath(company.id, 'notifications')} className={linkClass}>
          Notifications
        </Link>
        . If you like, we also send it to your own system (your CRM, say) through a webhook.
      </p>
      <section aria-labelledby="webhook-title" className="min-w-0 space-y-4">
        <h2 id="webhook-title" className="text-xl font-bold text-slate-900">
          Webhook
        </h2>
        <Webhook company={company} />
      </section>
      <DeliveryLog company={company} />
    </div>
  );
}
