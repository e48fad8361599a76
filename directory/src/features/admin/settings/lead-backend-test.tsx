/**
 * "Test connection" beside the lead backend URL: one harmless request from the server to the address as
 * typed (public https only in production, no redirects followed), answered in plain words — reachable in
 * 230 ms, refused, a certificate error, timed out, answered HTTP 500. Saving a new URL runs the same check
 * and warns when it fails; it never blocks the save (the backend may be set up after its address).
 */
import { useMutation } from '@tanstack/react-query';
import { ADMIN_API, type LeadBackendTestResult } from '@moveratlas/contracts';
import { adminWrite } from '../admin-request';
import { buttonClass } from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';

export function useLeadBackendTest() {
  return useMutation({
    mutationFn: ({ url }: { url: string; afterSave: boolean }) =>
      adminWrite<LeadBackendTestResult>('POST', ADMIN_API.leadBackendTest, { url }),
  });
}

type LeadBackendTestState = ReturnType<typeof useLeadBackendTest>;

/** The result line: what the last test said, for the URL it tested. */
function TestOutcome({ test }: { test: LeadBackendTestState }) {
  if (test.isPending) return <>Testing the connection…</>;
  if (test.isError)
    return <span className="text-red-700">Could not test: {failureText(test.error)}</span>;
  if (!test.data) return null;
  const { afterSave, url } = test.variables;
  const prefix = afterSave ? 'Saved. ' : '';
  return test.data.ok ? (
    <span className="text-green-800">
      {prefix}
      {url}: {test.data.message}
    </span>
  ) : (
    <span className="font-medium text-red-700">
      {afterSave ? 'Saved, but the new address did not answer well. ' : 'Not reachable. '}
      {test.data.message}
    </span>
  );
}

export function LeadBackendTest({ url, test }: { url: string; test: LeadBackendTestState }) {
  const typed = url.trim();
  return (
    <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
      <button
        type="button"
        className={buttonClass}
        disabled={typed === '' || test.isPending}
        onClick={() => test.mutate({ url: typed, afterSave: false })}
      >
        {test.isPending && !test.variables.afterSave ? 'Testing…' : 'Test connection'}
      </button>
      <p role="status" aria-live="polite" className="min-w-0 flex-1 text-sm break-words">
        <TestOutcome test={test} />
      </p>
    </div>
  );
}
