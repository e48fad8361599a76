/**
 * Script schedules (/admin/scripts/schedule): cron schedules of script runs, kept in the database and fired
 * once per occurrence by the servers' schedulers. Each shows its next run; the form previews the next runs
 * of an expression before it is saved.
 */
import { useEffect, useId, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type {
  AdminSchedule,
  AdminScript,
  ScheduleListResponse,
  SchedulePreviewResponse,
  ScriptListResponse,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { JobStatusBadge } from '../jobs/job-ui';
import { Badge } from '../../../components/dashboard/badge';
import { Breadcrumb } from '../../../components/dashboard/breadcrumb';
import {
  buttonClass,
  cardClass,
  inputClass,
  linkClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { localTimeZone, ScheduleTime, scheduleTimeText } from './schedule-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { FormFailure } from '../../../components/dashboard/fields';
import {
  initialValues,
  ParamFields,
  readParams,
  type ParamErrors,
  type ParamValues,
} from './params-form';
import { SCRIPTS_PATH } from './scripts-page';
import { DraftNotice } from '../drafts/draft-notice';
import { useLeaveGuard } from '../drafts/leave-guard';
import { useFormDraft } from '../drafts/use-form-draft';

export const SCHEDULES_PATH = '/api/admin/schedules';
const PREVIEW_PATH = '/api/admin/schedules/preview';

const PRESETS: ReadonlyArray<{ label: string; cron: string }> = [
  { label: 'Every hour', cron: '0 * * * *' },
  { label: 'Every day at 3:00', cron: '0 3 * * *' },
  { label: 'Mondays at 6:00', cron: '0 6 * * 1' },
  { label: 'First of the month', cron: '0 4 1 * *' },
];

const browserTimeZone = localTimeZone;
/** The browser's time zone does not change while a page is open (as far as a page is told). */
const noChanges = () => () => {};

const timeZones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = typeof supported === 'function' ? supported('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
};

/** Waits until typing pauses before asking the server for a preview. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function NextRunsPreview({ cron, timezone }: { cron: string; timezone: string }) {
  const settled = useSettled({ cron: cron.trim(), timezone });
  const preview = useQuery<SchedulePreviewResponse>({
    queryKey: [PREVIEW_PATH, settled],
    enabled: settled.cron !== '',
    retry: false,
    staleTime: 60_000,
  });
  return (
    <div aria-live="polite" className="text-sm">
      {settled.cron === '' ? null : preview.isPending ? (
        <p className="text-slate-600">Working out the next runs…</p>
      ) : preview.isError ? (
        <p className="text-red-700">{failureText(preview.error)}</p>
      ) : (
        <div>
          <p className="font-medium text-slate-800">Next runs</p>
          <ul className="mt-1 list-inside list-disc text-slate-700">
            {preview.data.nextRuns.map((ms) => (
              <li key={ms}>
                <ScheduleTime ms={ms} zone={settled.timezone} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function NewScheduleForm({ scripts }: { scripts: AdminScript[] }) {
  const queryClient = useQueryClient();
  const ids = {
    script: useId(),
    cron: useId(),
    zone: useId(),
    zoneHint: useId(),
    enabled: useId(),
    hint: useId(),
  };
  // What is typed is kept as a draft until saved or discarded, and leaving asks first (decision 028).
  const [blank] = useState(() => ({
    scriptId: '',
    values: {} as ParamValues,
    cron: '0 3 * * *',
    timezone: browserTimeZone(),
    enabled: true,
  }));
  const draft = useFormDraft('schedule:new', blank);
  useLeaveGuard(draft.dirty);
  const { scriptId, values, cron, timezone, enabled } = draft.values;
  const setField =
    <K extends keyof typeof blank>(key: K) =>
    (value: (typeof blank)[K]) =>
      draft.setValues((v) => ({ ...v, [key]: value }));
  const setCron = setField('cron');
  const setTimezone = setField('timezone');
  const setEnabled = setField('enabled');
  const setValues = (update: ParamValues | ((v: ParamValues) => ParamValues)) =>
    draft.setValues((v) => ({
      ...v,
      values: typeof update === 'function' ? update(v.values) : update,
    }));
  const [errors, setErrors] = useState<ParamErrors>({});
  const [zones] = useState(timeZones);
  // Some 400 zones: built once, not on every keystroke in the form.
  const zoneOptions = useMemo(
    () =>
      zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      )),
    [zones],
  );
  const script = scripts.find((s) => s.id === scriptId);
  const create = useMutation({
    mutationFn: (body: unknown) => adminWrite<AdminSchedule>('POST', SCHEDULES_PATH, body),
    onSuccess: (schedule) => {
      void queryClient.invalidateQueries({ queryKey: [SCHEDULES_PATH] });
      toast({
        title: 'Schedule saved',
        description: `${schedule.scriptTitle} runs next ${
          schedule.nextRunAt
            ? scheduleTimeText(schedule.nextRunAt, schedule.timezone)
            : 'when enabled'
        }.`,
      });
      draft.rebase(blank, undefined);
      setErrors({});
    },
  });
  const chooseScript = (id: string) => {
    const next = scripts.find((s) => s.id === id);
    draft.setValues((v) => ({
      ...v,
      scriptId: id,
      values: next ? initialValues(next.params) : {},
    }));
    setErrors({});
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!script) {
      setErrors({ _script: 'Choose a script' });
      return;
    }
    const { params, errors: found } = readParams(script.params, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({ scriptId: script.id, params, cron: cron.trim(), timezone, enabled });
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="new-schedule" className={cardClass}>
      <h3 id="new-schedule" className="text-base font-semibold text-slate-900">
        New schedule
      </h3>
      <div className="mt-3 empty:hidden">
        <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={ids.script} className="block text-sm font-medium text-slate-800">
            Script
          </label>
          <select
            id={ids.script}
            value={scriptId}
            onChange={(e) => chooseScript(e.target.value)}
            aria-invalid={errors._script ? true : undefined}
            aria-describedby={errors._script ? `${ids.script}-error` : undefined}
            className={inputClass}
          >
            <option value="">Choose a script…</option>
            {scripts.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
          {errors._script ? (
            <p id={`${ids.script}-error`} className="mt-1 text-sm text-red-700">
              {errors._script}
            </p>
          ) : null}
        </div>
        {script ? (
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-semibold text-slate-800">Parameters</legend>
            <div className="mt-2">
              <ParamFields
                schema={script.params}
                values={values}
                errors={errors}
                onChange={setValues}
                idPrefix={`schedule-${script.id}`}
              />
            </div>
          </fieldset>
        ) : null}
        <div>
          <label htmlFor={ids.cron} className="block text-sm font-medium text-slate-800">
            Cron expression
          </label>
          <input
            id={ids.cron}
            value={cron}
            onChange={(e) => setCron(e.target.value)}
            aria-describedby={ids.hint}
            spellCheck={false}
            autoComplete="off"
            className={`${inputClass} font-mono`}
          />
          <p id={ids.hint} className="mt-1 text-xs text-slate-600">
            minute hour day-of-month month weekday (a sixth field in front adds seconds)
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {PRESETS.map((preset) => (
              <button
                key={preset.cron}
                type="button"
                onClick={() => setCron(preset.cron)}
                aria-pressed={cron.trim() === preset.cron}
                className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-800"
              >
                {preset.label}
              </button>
            ))}
          </div>
        </div>
        <div>
          <label htmlFor={ids.zone} className="block text-sm font-medium text-slate-800">
            Time zone
          </label>
          <select
            id={ids.zone}
            aria-describedby={ids.zoneHint}
            value={timezone}
            onChange={(e) => setTimezone(e.target.value)}
            className={inputClass}
          >
            {zones.includes(timezone) ? null : <option value={timezone}>{timezone}</option>}
            {zoneOptions}
          </select>
          <p id={ids.zoneHint} className="mt-1 text-xs text-slate-600">
            The cron expression’s hours are read in this zone.
          </p>
        </div>
        <div className="sm:col-span-2">
          <NextRunsPreview cron={cron} timezone={timezone} />
        </div>
        <div className="flex items-center gap-3 sm:col-span-2">
          <input
            id={ids.enabled}
            type="checkbox"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
            className="h-5 w-5 rounded border-slate-300"
          />
          <label htmlFor={ids.enabled} className="text-sm font-medium text-slate-800">
            Enabled
          </label>
        </div>
      </div>
      {create.isError ? (
        <FormFailure
          message={`Could not save the schedule: ${failureText(create.error)}`}
          className="mt-4"
        />
      ) : null}
      <div className="mt-5">
        <button type="submit" className={primaryButtonClass} disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save schedule'}
        </button>
      </div>
    </form>
  );
}

const paramsText = (params: Record<string, unknown>) => {
  const entries = Object.entries(params);
  return entries.length === 0
    ? 'Default parameters'
    : entries.map(([k, v]) => `${k}: ${String(v)}`).join(', ');
};

function ScheduleItem({ schedule }: { schedule: AdminSchedule }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [SCHEDULES_PATH] });
  const toggle = useMutation({
    mutationFn: () =>
      adminWrite<AdminSchedule>('PATCH', `${SCHEDULES_PATH}/${schedule.id}`, {
        enabled: !schedule.enabled,
      }),
    onSuccess: (next) => {
      refresh();
      toast({ title: next.enabled ? 'Schedule enabled' : 'Schedule paused' });
    },
    onError: (error) =>
      toast({
        title: 'Could not change the schedule',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  const remove = useMutation({
    mutationFn: () => adminWrite<void>('DELETE', `${SCHEDULES_PATH}/${schedule.id}`),
    onSuccess: () => {
      setConfirming(false);
      refresh();
      toast({ title: 'Schedule deleted' });
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: 'Could not delete the schedule',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });
  return (
    <li className={`${cardClass} space-y-3`} aria-labelledby={`schedule-${schedule.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`schedule-${schedule.id}`} className="text-base font-semibold text-slate-900">
            {schedule.scriptTitle}
          </h3>
          <p className="text-sm break-words text-slate-600">{paramsText(schedule.params)}</p>
        </div>
        <Badge tone={schedule.enabled ? 'success' : 'neutral'}>
          {schedule.enabled ? 'Enabled' : 'Paused'}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">When</dt>
        <dd>
          <code className="font-mono text-slate-900">{schedule.cron}</code>{' '}
          <span className="text-slate-600">({schedule.timezone})</span>
        </dd>
        <dt className="text-slate-600">Next run</dt>
        <dd className="text-slate-900">
          {schedule.nextRunAt === null ? (
            'None while paused'
          ) : (
            <ScheduleTime ms={schedule.nextRunAt} zone={schedule.timezone} />
          )}
        </dd>
        <dt className="text-slate-600">Last run</dt>
        <dd className="flex flex-wrap items-center gap-2 text-slate-900">
          {schedule.lastRunAt === null ? (
            'Not yet'
          ) : (
            <>
              <ScheduleTime ms={schedule.lastRunAt} zone={schedule.timezone} />
              {schedule.lastJobId !== null ? (
                <Link to={`/admin/jobs/${schedule.lastJobId}`} className={linkClass}>
                  job {schedule.lastJobId}
                </Link>
              ) : null}
              {schedule.lastJobStatus ? <JobStatusBadge status={schedule.lastJobStatus} /> : null}
            </>
          )}
        </dd>
      </dl>
      {schedule.lastError ? (
        <p className="rounded-lg bg-red-50 p-2 text-sm text-red-900">{schedule.lastError}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
          aria-label={`${schedule.enabled ? 'Pause' : 'Enable'} the schedule of ${schedule.scriptTitle}`}
        >
          {schedule.enabled ? 'Pause' : 'Enable'}
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => setConfirming(true)}
          aria-label={`Delete the schedule of ${schedule.scriptTitle}`}
        >
          Delete
        </button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this schedule?"
          description={`${schedule.scriptTitle} will no longer run at "${schedule.cron}". Runs it already queued are not affected.`}
          confirmLabel="Delete schedule"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </div>
    </li>
  );
}

export function Component() {
  // The browser's zone on the client; a server-rendered first paint knows only its own, so says none.
  const yourZone = useSyncExternalStore(noChanges, localTimeZone, () => '');
  const scripts = useQuery<ScriptListResponse>({ queryKey: [SCRIPTS_PATH], staleTime: 0 });
  const schedules = useQuery<ScheduleListResponse>({
    queryKey: [SCHEDULES_PATH],
    staleTime: 0,
    // Next and last runs move as schedules fire.
    refetchInterval: 30_000,
  });
  return (
    <section aria-labelledby="schedules-heading" className="space-y-5">
      <Breadcrumb parent={{ to: '/admin/scripts', label: 'Scripts' }} current="Schedules" />
      <div>
        <h2 id="schedules-heading" className="text-xl font-semibold text-slate-900">
          Schedules
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Each occurrence runs the script once, whichever server notices it first. The server reads
          each schedule’s cron expression in the schedule’s own time zone (UTC unless another was
          chosen); times below show in that zone, with your time{yourZone ? ` (${yourZone})` : ''}{' '}
          beside them when it differs.
        </p>
      </div>
      {schedules.isPending ? (
        <Skeleton label="Loading schedules" blocks={2} />
      ) : schedules.isError ? (
        <LoadFailure
          what="the schedules"
          error={schedules.error}
          onRetry={() => void schedules.refetch()}
        />
      ) : schedules.data.schedules.length === 0 ? (
        <EmptyState>No schedules yet.</EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Schedules">
          {schedules.data.schedules.map((schedule) => (
            <ScheduleItem key={schedule.id} schedule={schedule} />
          ))}
        </ul>
      )}
      {scripts.isPending ? (
        <Skeleton label="Loading scripts" blocks={1} />
      ) : scripts.isError ? (
        <LoadFailure
          what="the scripts"
          error={scripts.error}
          onRetry={() => void scripts.refetch()}
        />
      ) : (
        <NewScheduleForm scripts={scripts.data.scripts} />
      )}
    </section>
  );
}
