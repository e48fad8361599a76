/**
 * The signing secret, for owners only (the server gives staff none): hidden until asked for, copied with a
 * button, and replaced after a question. The old secret keeps signing beside the new one for a while, so
 * the company's system can switch without refusing a lead; the card says until when.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  proWebhookPath,
  proWebhookSecretPath,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type ProCompany,
  type ProWebhook,
} from '@moveratlas/contracts';
import { buttonClass } from '../../../components/dashboard/classes';
import { formatDateTime } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure } from '../../../components/dashboard/fields';
import { SectionCard } from '../../../components/dashboard/section-card';
import { toast } from '../../../components/toast/toast-store';
import { proWrite } from '../pro-request';
import { copyText } from './copy-text';

export function WebhookSecret({
  company,
  secret,
  previousSecretUntil,
}: {
  company: ProCompany;
  secret: string;
  previousSecretUntil: string | null;
}) {
  const queryClient = useQueryClient();
  const path = proWebhookPath(company.id);
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  const replace = useMutation({
    mutationFn: () => proWrite<ProWebhook>('POST', proWebhookSecretPath(company.id)),
    onSuccess: (saved) => {
      queryClient.setQueryData([path], saved);
      setAsking(false);
      // The owner replaced it to put it in their system: show it at once.
      setShown(true);
      toast({ title: 'Secret replaced' });
    },
  });

  return (
    <SectionCard
      id="webhook-secret"
      title="Signing secret"
      description="Your system checks with it that a call comes from MoverAtlas. Keep it as you keep a password."
    >
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 basis-full rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 sm:basis-auto">
          {shown ? (
            secret
          ) : (
            <>
              <span aria-hidden="true">••••••••••••••••••••••••</span>
              <span className="sr-only">Hidden</span>
            </>
          )}
        </code>
        <button
          type="button"
          className={buttonClass}
          aria-label={shown ? 'Hide the secret' : 'Show the secret'}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
        <button
          type="button"
          className={buttonClass}
          aria-label="Copy the secret"
          onClick={() => void copyText(secret, 'Secret copied')}
        >
          Copy
        </button>
      </div>
      {previousSecretUntil ? (
        <p className="mt-3 text-sm text-slate-700">
          The previous secret also signs until {formatDateTime(previousSecretUntil)}.
        </p>
      ) : null}
      <button
        type="button"
        className={`${buttonClass} mt-4`}
        onClick={() => {
          replace.reset();
          setAsking(true);
        }}
      >
        Replace the secret
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Replace the signing secret?"
        description={`We make a new secret and sign every call with it. The old secret keeps working for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours too, so you have time to put the new one in your system.`}
        confirmLabel="Replace the secret"
        pendingLabel="Replacing…"
        tone="primary"
        pending={replace.isPending}
        onConfirm={() => replace.mutate()}
      >
        {replace.isError ? <FormFailure message={failureText(replace.error)} /> : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
