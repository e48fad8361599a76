/**
 * The site's name, its support e-mail and phone, and the lead backend URL. Validated here with the server's
 * own schema; an empty lead backend URL hands forwarding back to the server's configuration.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatPhone,
  isStaleWriteBody,
  SITE_SETTING_LABELS,
  SiteSettingsUpdateSchema,
  type SiteSettingsResponse,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { adminWrite } from '../admin-request';
import { DraftNotice } from '../drafts/draft-notice';
import { useLeaveGuard } from '../drafts/leave-guard';
import { useFormDraft } from '../drafts/use-form-draft';
import {
  conflictingFields,
  defaultChoice,
  mergedValues,
  type MergeChoice,
} from '../../../components/dashboard/merge';
import { MergePanel, shownValue } from '../../../components/dashboard/merge-panel';
import { primaryButtonClass } from '../../../components/dashboard/classes';
import { formatDateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { fieldErrors, TextInput } from '../../../components/dashboard/fields';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { LeadBackendTest, useLeadBackendTest } from './lead-backend-test';
import { SiteNameTitleNote } from './site-name-titles';

export const SITE_SETTINGS_PATH = '/api/admin/settings/site';

type Values = Record<'siteName' | 'supportEmail' | 'supportPhone' | 'leadBackendUrl', string>;

function valuesOf(answer: SiteSettingsResponse): Values {
  return {
    siteName: answer.settings.siteName,
    supportEmail: answer.settings.supportEmail,
    supportPhone: formatPhone(answer.settings.supportPhone),
    leadBackendUrl: answer.leadBackendOverridden ? (answer.settings.leadBackendUrl ?? '') : '',
  };
}

/** A 409 to a save: the settings as saved now, for the merge (decision 028). */
interface Conflict {
  current: SiteSettingsResponse;
  mine: Values;
  baseline: Values;
  choices: Record<string, MergeChoice>;
}

function SiteSettingsFields({
  answer,
  test,
}: {
  answer: SiteSettingsResponse;
  /** Owned by the section: the check after a save reports into the form that replaces this one. */
  test: ReturnType<typeof useLeadBackendTest>;
}) {
  const queryClient = useQueryClient();
  const draft = useFormDraft('site-settings', valuesOf(answer), answer.version);
  const { values, setValues } = draft;
  useLeaveGuard(draft.dirty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const save = useMutation({
    mutationFn: ({ values: sent, version }: { values: Values; version: number | undefined }) =>
      adminWrite<SiteSettingsResponse>('PUT', SITE_SETTINGS_PATH, { ...sent, version }),
    onSuccess: (saved) => {
      queryClient.setQueryData([SITE_SETTINGS_PATH], saved);
      draft.rebase(valuesOf(saved), saved.version);
      setConflict(null);
      toast({
        title: 'Settings saved',
        description: saved.titleWarning
          ? `${saved.settings.siteName} is up to date. Its longest page title has ${saved.titleWarning.length} characters, past the ${saved.titleWarning.limit} search results show.`
          : `${saved.settings.siteName} is up to date.`,
      });
      // A new lead backend address is tried at once: a warning, never a refusal (docs/decisions/030).
      const url = saved.leadBackendOverridden ? saved.settings.leadBackendUrl : null;
      if (url && url !== valuesOf(answer).leadBackendUrl) test.mutate({ url, afterSave: true });
    },
    onError: (error, sent) => {
      if (error instanceof ApiError && error.status === 409 && isStaleWriteBody(error.body)) {
        const current = error.body.current as SiteSettingsResponse;
        const fields = conflictingFields(
          draft.baseline,
          sent.values,
          valuesOf(current),
          SITE_SETTING_LABELS,
        );
        setConflict({
          current,
          mine: sent.values,
          baseline: draft.baseline,
          choices: Object.fromEntries(fields.map((f) => [f.field, defaultChoice(f)])),
        });
        return;
      }
      toast({
        title: 'Settings not saved',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });

  // Saved elsewhere and read again while nothing is typed here: the form shows the new values.
  const { dirty, version, rebase } = draft;
  useEffect(() => {
    if (!dirty && !conflict && version !== undefined && answer.version > version)
      rebase(valuesOf(answer), answer.version);
  }, [answer, dirty, conflict, version, rebase]);

  const send = (sent: Values, sentVersion: number | undefined) => {
    const parsed = SiteSettingsUpdateSchema.safeParse({ ...sent, version: sentVersion ?? 0 });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate({ values: sent, version: sentVersion ?? 0 });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    send(values, draft.version);
  };
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const configured = answer.defaults.leadBackendUrl;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-3 sm:col-span-2 empty:hidden">
        <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />
        {conflict ? (
          <MergePanel
            what="the site settings"
            savedBy={
              conflict.current.updatedBy
                ? `Their save: ${conflict.current.updatedBy}${
                    conflict.current.updatedAt
                      ? `, ${formatDateTime(conflict.current.updatedAt)}`
                      : ''
                  }.`
                : undefined
            }
            fields={conflictingFields(
              conflict.baseline,
              conflict.mine,
              valuesOf(conflict.current),
              SITE_SETTING_LABELS,
            )}
            show={(field, side) =>
              shownValue((side === 'mine' ? conflict.mine : valuesOf(conflict.current))[field])
            }
            choices={conflict.choices}
            onChoose={(field, choice) =>
              setConflict({ ...conflict, choices: { ...conflict.choices, [field]: choice } })
            }
            pending={save.isPending}
            onTakeTheirs={() => {
              queryClient.setQueryData([SITE_SETTINGS_PATH], conflict.current);
              draft.rebase(valuesOf(conflict.current), conflict.current.version);
              setConflict(null);
            }}
            onSave={() => {
              const theirs = valuesOf(conflict.current);
              const merged = mergedValues(
                conflict.baseline,
                conflict.mine,
                theirs,
                conflict.choices,
              );
              draft.rebase(theirs, conflict.current.version, merged);
              send(merged, conflict.current.version);
            }}
          />
        ) : null}
      </div>
      <TextInput
        label="Site name"
        required
        maxLength={80}
        autoComplete="off"
        {...field('siteName')}
      />
      <SiteNameTitleNote siteName={values.siteName} />
      <TextInput
        label="Support e-mail"
        type="email"
        required
        maxLength={254}
        autoComplete="off"
        {...field('supportEmail')}
      />
      <TextInput
        label="Support phone"
        type="tel"
        required
        maxLength={40}
        autoComplete="off"
        hint="A US number, e.g. (312) 555-0100."
        {...field('supportPhone')}
      />
      <TextInput
        label="Lead backend URL"
        type="url"
        maxLength={300}
        autoComplete="off"
        placeholder={configured ?? 'https://functions.example'}
        hint={
          configured
            ? `Empty: the server's LEAD_BACKEND_URL (${configured}).`
            : 'Empty: leads stay in this site’s own database.'
        }
        {...field('leadBackendUrl')}
      />
      <LeadBackendTest url={values.leadBackendUrl} test={test} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
        {answer.updatedAt ? (
          <p className="text-xs text-slate-600">
            Last changed {formatDateTime(answer.updatedAt)}
            {answer.updatedBy ? ` by ${answer.updatedBy}` : ''}.
          </p>
        ) : (
          <p className="text-xs text-slate-600">Using the defaults; nothing saved yet.</p>
        )}
      </div>
    </form>
  );
}

export function SiteSettingsForm() {
  const query = useQuery<SiteSettingsResponse>({ queryKey: [SITE_SETTINGS_PATH] });
  const test = useLeadBackendTest();
  return (
    <SectionCard
      id="site"
      title="Site"
      description="The name and contact details visitors see, and where new leads are forwarded."
    >
      {query.isPending ? (
        <Skeleton rows blocks={4} label="Loading site settings" />
      ) : query.isError ? (
        <LoadFailure
          what="the site settings"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SiteSettingsFields answer={query.data} test={test} />
      )}
    </SectionCard>
  );
}
