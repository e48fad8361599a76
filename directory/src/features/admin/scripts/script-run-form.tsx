/**
 * Runs one script: its generated parameter form and a Run button; the run is queued as a job and the page
 * moves to that job's page, where its progress and log show as it goes.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { AdminScript, ScriptRunResponse } from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import {
  cardClass,
  primaryButtonClass,
  errorBoxClass,
} from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { initialValues, ParamFields, readParams, type ParamErrors } from './params-form';

export function ScriptRunForm({ script }: { script: AdminScript }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => initialValues(script.params));
  const [errors, setErrors] = useState<ParamErrors>({});
  const problem = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const run = useMutation({
    mutationFn: (params: Record<string, unknown>) =>
      adminWrite<ScriptRunResponse>('POST', `/api/admin/scripts/${script.id}/run`, { params }),
    onSuccess: ({ jobId }) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/scripts'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/jobs'] });
      toast({ title: `${script.title} queued`, description: `Job ${jobId} is on its way.` });
      void navigate(`/admin/jobs/${jobId}`);
    },
    onError: () => requestAnimationFrame(() => problem.current?.focus()),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { params, errors: found } = readParams(script.params, values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    run.mutate(params);
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`run-${script.id}`}
      className={cardClass}
    >
      <h3 id={`run-${script.id}`} className="text-base font-semibold text-slate-900">
        {script.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{script.description}</p>
      <fieldset className="mt-4">
        <legend className="sr-only">Parameters</legend>
        <ParamFields
          schema={script.params}
          values={values}
          errors={errors}
          onChange={setValues}
          idPrefix={`param-${script.id}`}
        />
      </fieldset>
      {run.isError ? (
        <div ref={problem} tabIndex={-1} role="alert" className={`${errorBoxClass} mt-4`}>
          Could not run the script: {failureText(run.error)}
        </div>
      ) : null}
      <div className="mt-5">
        <button type="submit" className={primaryButtonClass} disabled={run.isPending}>
          {run.isPending ? 'Queueing…' : 'Run script'}
        </button>
      </div>
    </form>
  );
}
