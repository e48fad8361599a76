/**
 * "Send a test event": a made-up lead, marked as a test, sent now to the saved address. The result is said
 * in a live region (drawn before it fills, so screen readers announce it) and the call joins the list of
 * recent calls.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  proWebhookPath,
  proWebhookTestPath,
  type ProCompany,
  type ProWebhookTestResult,
} from '@moveratlas/contracts';
import { buttonClass } from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { proWrite } from '../pro-request';
import { testResultWords } from './delivery-words';

export function WebhookTest({ company }: { company: ProCompany }) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => proWrite<ProWebhookTestResult>('POST', proWebhookTestPath(company.id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [proWebhookPath(company.id)] }),
  });
  const received = send.data?.attempt.outcome === 'delivered';
  const result = send.isPending
    ? ''
    : send.isError
      ? failureText(send.error)
      : send.data
        ? testResultWords(send.data.attempt)
        : '';
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          disabled={send.isPending}
          onClick={() => send.mutate()}
        >
          {send.isPending ? 'Sending…' : 'Send a test event'}
        </button>
        <p className="text-sm text-slate-600">
          A made-up lead, marked as a test, to the saved address.
        </p>
      </div>
      <p
        aria-live="polite"
        className={`mt-2 text-sm break-words ${received ? 'text-green-800' : 'text-red-800'}`}
      >
        {result}
      </p>
    </div>
  );
}
