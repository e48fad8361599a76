/**
 * Lead preferences: which leads the company takes — paused or not, the kinds of move, the smallest home, and
 * the most leads in any 24 hours and 7 days (with how many came in those windows). The quote form only offers
 * the company to visitors whose move fits, so a mover never gets a lead it would turn down. Where it works is
 * on the profile (service radius and area), shown here with a link. Owners change it; staff read it.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LEAD_MINIMUM_SIZE_LABELS,
  LEAD_MINIMUM_SIZES,
  LEAD_MOVE_TYPE_LABELS,
  LEAD_MOVE_TYPES,
  MAX_LEAD_CAP,
  proLeadPreferencesPath,
  proLeadPreferencesUpdateSchema,
  type LeadMinimumSize,
  type LeadMoveType,
  type ProCompany,
  type ProLeadPreferences,
} from '@moveratlas/contracts';
import { inputClass, linkClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { Field, FormFailure } from '../../../components/dashboard/fields';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { toast } from '../../../components/toast/toast-store';
import { formatCount } from '../../../lib/numbers';
import { proScreenPath } from '../pro-paths';
import { proWrite } from '../pro-request';

interface Draft {
  paused: boolean;
  moveTypes: LeadMoveType[];
  minimumSize: LeadMinimumSize;
  /** As typed: empty means no limit. */
  maxPerDay: string;
  maxPerWeek: string;
}

const draftOf = (p: ProLeadPreferences): Draft => ({
  paused: p.paused,
  moveTypes: [...p.moveTypes],
  minimumSize: p.minimumSize,
  maxPerDay: p.maxPerDay === null ? '' : String(p.maxPerDay),
  maxPerWeek: p.maxPerWeek === null ? '' : String(p.maxPerWeek),
});

/** A limit as the API takes it: empty is none; anything else a number for the schema to judge. */
const limitOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

const leadsWords = (n: number) => `${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}`;

function Limit({
  label,
  value,
  received,
  error,
  editable,
  onChange,
}: {
  label: string;
  value: string;
  received: string;
  error: string | undefined;
  editable: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error} hint={`Leave empty for no limit. ${received}`}>
      {(control) => (
        <input
          {...control}
          className={`${inputClass} max-w-40`}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={String(MAX_LEAD_CAP).length}
          value={value}
          readOnly={!editable}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function PreferencesScreen({ company }: { company: ProCompany }) {
  const path = proLeadPreferencesPath(company.id);
  const editable = company.role === 'owner';
  const queryClient = useQueryClient();
  const query = useQuery<ProLeadPreferences>({ queryKey: [path] });
  const [edited, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const draft = edited ?? (query.data ? draftOf(query.data) : null);

  const save = useMutation({
    mutationFn: (body: unknown) => proWrite<ProLeadPreferences>('PUT', path, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([path], saved);
      setDraft(draftOf(saved));
      setErrors({});
      toast({ title: saved.paused ? 'Leads paused' : 'Lead preferences saved' });
    },
    onError: (error) => setErrors({ form: failureText(error) }),
  });

  if (query.isError && !query.data)
    return (
      <LoadFailure
        what="your lead preferences"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data || !draft) return <Skeleton label="Loading your lead preferences…" />;
  const data = query.data;
  const change = (next: Partial<Draft>) => setDraft({ ...draft, ...next });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = proLeadPreferencesUpdateSchema.safeParse({
      paused: draft.paused,
      moveTypes: LEAD_MOVE_TYPES.filter((type) => draft.moveTypes.includes(type)),
      minimumSize: draft.minimumSize,
      maxPerDay: limitOf(draft.maxPerDay),
      maxPerWeek: limitOf(draft.maxPerWeek),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Lead preferences"
      className="max-w-3xl space-y-6"
    >
      <p className="text-sm text-slate-700">
        The quote form offers your company only to customers whose move fits these settings, so
        every lead you get is one you take. Where you work — your service radius
        {data.serviceRadiusMiles !== null ? ` (${formatCount(data.serviceRadiusMiles)} miles)` : ''}
        {data.serviceArea ? ` and area (${data.serviceArea})` : ''} — is set on your{' '}
        <Link to={proScreenPath(company.id, 'profile')} className={linkClass}>
          profile
        </Link>
        .
      </p>
      {!editable ? (
        <p className="text-sm text-slate-700">Only an owner can change these preferences.</p>
      ) : null}
      <FormFailure message={errors.form} />

      <SectionCard
        id="lead-pause"
        title="Taking leads"
        description={
          draft.paused
            ? 'Paused: customers are not offered your company until you resume. Leads already sent stay in your inbox.'
            : 'On: customers whose move fits are offered your company.'
        }
      >
        <div className="flex items-start gap-2">
          <input
            id="lead-paused"
            type="checkbox"
            className="mt-1 h-5 w-5"
            checked={draft.paused}
            disabled={!editable}
            onChange={(e) => change({ paused: e.target.checked })}
          />
          <label htmlFor="lead-paused" className="text-sm text-slate-800">
            Pause new leads (on holiday, or fully booked)
          </label>
        </div>
      </SectionCard>

      <SectionCard id="lead-kinds" title="Which moves you take">
        <fieldset aria-describedby={errors.moveTypes ? 'lead-kinds-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">Kinds of move</legend>
          <ul className="mt-2 space-y-2">
            {LEAD_MOVE_TYPES.map((type) => (
              <li key={type} className="flex items-start gap-2">
                <input
                  id={`lead-kind-${type}`}
                  type="checkbox"
                  className="mt-1 h-5 w-5"
                  checked={draft.moveTypes.includes(type)}
                  disabled={!editable}
                  onChange={(e) =>
                    change({
                      moveTypes: e.target.checked
                        ? [...draft.moveTypes, type]
                        : draft.moveTypes.filter((t) => t !== type),
                    })
                  }
                />
                <label htmlFor={`lead-kind-${type}`} className="text-sm text-slate-800">
                  {LEAD_MOVE_TYPE_LABELS[type]}
                </label>
              </li>
            ))}
          </ul>
          {errors.moveTypes ? (
            <p id="lead-kinds-error" className="mt-1 text-sm text-red-700">
              {errors.moveTypes}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-800">The smallest home you move</legend>
          <ul className="mt-2 space-y-2">
            {LEAD_MINIMUM_SIZES.map((size) => (
              <li key={size} className="flex items-start gap-2">
                <input
                  id={`lead-size-${size}`}
                  type="radio"
                  name="minimumSize"
                  className="mt-1 h-5 w-5"
                  checked={draft.minimumSize === size}
                  disabled={!editable}
                  onChange={() => change({ minimumSize: size })}
                />
                <label htmlFor={`lead-size-${size}`} className="text-sm text-slate-800">
                  {LEAD_MINIMUM_SIZE_LABELS[size]}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </SectionCard>

      <SectionCard
        id="lead-limits"
        title="How many leads"
        description="When you reach a limit, customers are not offered your company until the oldest of those leads is 24 hours (or 7 days) old."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Limit
            label="Most leads in any 24 hours"
            value={draft.maxPerDay}
            received={`Last 24 hours: ${leadsWords(data.leadsLastDay)}.`}
            error={errors.maxPerDay}
            editable={editable}
            onChange={(maxPerDay) => change({ maxPerDay })}
          />
          <Limit
            label="Most leads in any 7 days"
            value={draft.maxPerWeek}
            received={`Last 7 days: ${leadsWords(data.leadsLastWeek)}.`}
            error={errors.maxPerWeek}
            editable={editable}
            onChange={(maxPerWeek) => change({ maxPerWeek })}
          />
        </div>
      </SectionCard>

      {editable ? (
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save lead preferences'}
        </button>
      ) : null}
    </form>
  );
}
