/**
 * The webhook's address and whether leads go to it. Owners change it (checked with the API's own schema
 * before it is sent; the server then says in words when an address cannot receive leads) and send a test
 * event to the saved address; staff read it.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  proWebhookPath,
  proWebhookUpdateSchema,
  type ProCompany,
  type ProWebhook,
  type ProWebhookUpdate,
} from '@moveratlas/contracts';
import { primaryButtonClass } from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { fieldErrors, FormFailure, TextInput } from '../../../components/dashboard/fields';
import { SectionCard } from '../../../components/dashboard/section-card';
import { toast } from '../../../components/toast/toast-store';
import { proWrite } from '../pro-request';
import { WebhookTest } from './webhook-test';

export function WebhookCard({ company, webhook }: { company: ProCompany; webhook: ProWebhook }) {
  const queryClient = useQueryClient();
  const path = proWebhookPath(company.id);
  const editable = company.role === 'owner';
  const checkboxId = useId();
  const [url, setUrl] = useState(webhook.url ?? '');
  // A first webhook is meant to be used: on until the owner says otherwise.
  const [enabled, setEnabled] = useState(webhook.url === null ? true : webhook.enabled);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (body: ProWebhookUpdate) => proWrite<ProWebhook>('PUT', path, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([path], saved);
      setUrl(saved.url ?? '');
      setEnabled(saved.enabled);
      setErrors({});
      toast({ title: 'Webhook saved' });
    },
    onError: (error) => setErrors({ form: failureText(error) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = proWebhookUpdateSchema.safeParse({ url, enabled });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <SectionCard
      id="webhook-address"
      title="Address"
      description="We send each new lead to this address of your system as a signed POST with JSON, and try again for about a day when it does not answer."
    >
      {!editable ? (
        <p className="mb-3 text-sm text-slate-700">Only an owner can change the webhook.</p>
      ) : null}
      {!editable && webhook.url === null ? (
        <p className="text-sm text-slate-700">No webhook is set up.</p>
      ) : (
        <form noValidate onSubmit={onSubmit} aria-label="Webhook" className="space-y-4">
          <FormFailure message={errors.form} />
          <TextInput
            label="Webhook address"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://crm.example.com/moveratlas"
            hint={editable ? 'An https:// address that your system answers.' : undefined}
            value={url}
            readOnly={!editable}
            error={errors.url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <div className="flex items-start gap-2">
            <input
              id={checkboxId}
              type="checkbox"
              className="mt-0.5 h-5 w-5"
              checked={enabled}
              disabled={!editable}
              aria-describedby={errors.enabled ? `${checkboxId}-error` : undefined}
              onChange={(event) => setEnabled(event.target.checked)}
            />
            <label htmlFor={checkboxId} className="text-sm text-slate-800">
              Send leads to this address
            </label>
          </div>
          {errors.enabled ? (
            <p id={`${checkboxId}-error`} className="text-sm text-red-700">
              {errors.enabled}
            </p>
          ) : null}
          {editable ? (
            <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save webhook'}
            </button>
          ) : null}
        </form>
      )}
      {editable && webhook.url !== null ? (
        // A new address starts without the last test's result, which was about the old one.
        <WebhookTest key={webhook.url} company={company} />
      ) : null}
    </SectionCard>
  );
}
