/**
 * The site's name, its support e-mail and phone, and the lead backend URL. Validated here with the server's
 * own schema; an empty lead backend URL hands forwarding back to the server's configuration.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatPhone,
  SiteSettingsUpdateSchema,
  type SiteSettingsResponse,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { primaryButtonClass } from '../ui/classes';
import { formatDateTime } from '../ui/date-time';
import { failureText } from '../ui/failure-text';
import { fieldErrors, TextInput } from '../ui/fields';
import { LoadFailure, Skeleton } from '../ui/load-states';
import { SectionCard } from '../ui/section-card';
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

function SiteSettingsFields({
  answer,
  test,
}: {
  answer: SiteSettingsResponse;
  /** Owned by the section: the check after a save reports into the form that replaces this one. */
  test: ReturnType<typeof useLeadBackendTest>;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(answer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: unknown) =>
      adminWrite<SiteSettingsResponse>('PUT', SITE_SETTINGS_PATH, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([SITE_SETTINGS_PATH], saved);
      setValues(valuesOf(saved));
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
    onError: (error) =>
      toast({
        title: 'Settings not saved',
        description: failureText(error),
        variant: 'destructive',
      }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SiteSettingsUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(values);
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
        <SiteSettingsFields
          key={query.data.updatedAt ?? 'defaults'}
          answer={query.data}
          test={test}
        />
      )}
    </SectionCard>
  );
}
