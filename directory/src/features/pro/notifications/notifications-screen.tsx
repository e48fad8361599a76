/**
 * Which e-mails the company gets and who receives them: for each kind of message, the team's people to tick
 * and up to three other addresses. Owners change it and save all kinds at once; staff read it. Until an
 * owner changes a kind, the owners get it (said beside it).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_USER_ROLE_LABELS,
  MAX_EXTRA_RECIPIENTS,
  NOTIFICATION_KIND_LABELS,
  proCompanyPath,
  proNotificationSettingsUpdateSchema,
  type NotificationKind,
  type ProCompany,
  type ProNotificationSettings,
} from '@moveratlas/contracts';
import { buttonClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure, TextInput } from '../../../components/dashboard/fields';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { toast } from '../../../components/toast/toast-store';
import { proWrite } from '../pro-request';

export const notificationsPath = (companyId: number) => proCompanyPath(companyId, 'notifications');

interface Draft {
  kind: NotificationKind;
  memberIds: number[];
  extraEmails: string[];
  isDefault: boolean;
}

const draftOf = (data: ProNotificationSettings): Draft[] =>
  data.settings.map((s) => ({
    ...s,
    memberIds: [...s.memberIds],
    extraEmails: [...s.extraEmails],
  }));

function KindSettings({
  draft,
  members,
  editable,
  errors,
  onChange,
}: {
  draft: Draft;
  members: ProNotificationSettings['members'];
  editable: boolean;
  errors: Record<string, string>;
  onChange: (next: Draft) => void;
}) {
  const { label, description } = NOTIFICATION_KIND_LABELS[draft.kind];
  const toggle = (userId: number, on: boolean) =>
    onChange({
      ...draft,
      isDefault: false,
      memberIds: on ? [...draft.memberIds, userId] : draft.memberIds.filter((id) => id !== userId),
    });
  const setExtra = (index: number, value: string) =>
    onChange({
      ...draft,
      isDefault: false,
      extraEmails: draft.extraEmails.map((email, i) => (i === index ? value : email)),
    });
  const nobody = draft.memberIds.length === 0 && draft.extraEmails.length === 0;
  return (
    <SectionCard
      id={`notify-${draft.kind}`}
      title={label}
      description={
        <>
          {description}
          {draft.isDefault ? ' Not changed yet: the owners get it.' : ''}
        </>
      }
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">People of the team</legend>
        <ul className="mt-2 space-y-2">
          {members.map((member) => {
            const id = `notify-${draft.kind}-${member.userId}`;
            return (
              <li key={member.userId} className="flex items-start gap-2">
                <input
                  id={id}
                  type="checkbox"
                  className="mt-1 h-5 w-5"
                  checked={draft.memberIds.includes(member.userId)}
                  disabled={!editable}
                  onChange={(e) => toggle(member.userId, e.target.checked)}
                />
                <label htmlFor={id} className="text-sm text-slate-800">
                  {member.name}{' '}
                  <span className="break-all text-slate-600">
                    ({member.email}, {COMPANY_USER_ROLE_LABELS[member.role].toLowerCase()})
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800">Other addresses</legend>
        {draft.extraEmails.length === 0 && !editable ? (
          <p className="mt-1 text-sm text-slate-600">None.</p>
        ) : null}
        <div className="mt-2 space-y-3">
          {draft.extraEmails.map((email, index) => (
            <div key={index} className="flex flex-wrap items-end gap-2">
              <TextInput
                label={`Other address ${index + 1}`}
                type="email"
                value={email}
                readOnly={!editable}
                maxLength={254}
                error={errors[`${draft.kind}.${index}`]}
                onChange={(e) => setExtra(index, e.target.value)}
              />
              {editable ? (
                <button
                  type="button"
                  className={buttonClass}
                  aria-label={`Remove other address ${index + 1} of ${label.toLowerCase()}`}
                  onClick={() =>
                    onChange({
                      ...draft,
                      isDefault: false,
                      extraEmails: draft.extraEmails.filter((_, i) => i !== index),
                    })
                  }
                >
                  Remove
                </button>
              ) : null}
            </div>
          ))}
        </div>
        {editable && draft.extraEmails.length < MAX_EXTRA_RECIPIENTS ? (
          <button
            type="button"
            className={`${buttonClass} mt-3`}
            onClick={() =>
              onChange({ ...draft, isDefault: false, extraEmails: [...draft.extraEmails, ''] })
            }
          >
            Add an address to {label.toLowerCase()}
          </button>
        ) : null}
      </fieldset>
      {nobody ? (
        <p className="mt-3 text-sm font-medium text-amber-800">Nobody gets these e-mails.</p>
      ) : null}
    </SectionCard>
  );
}

export function NotificationsScreen({ company }: { company: ProCompany }) {
  const queryClient = useQueryClient();
  const path = notificationsPath(company.id);
  const editable = company.role === 'owner';
  const query = useQuery<ProNotificationSettings>({ queryKey: [path] });
  // The owner's edits; until the first one, the settings as loaded.
  const [edited, setDrafts] = useState<Draft[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const drafts = edited ?? (query.data ? draftOf(query.data) : null);

  const save = useMutation({
    mutationFn: (body: unknown) => proWrite<ProNotificationSettings>('PUT', path, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([path], saved);
      setDrafts(draftOf(saved));
      setErrors({});
      toast({ title: 'Notification settings saved' });
    },
    onError: (error) => setErrors({ form: failureText(error) }),
  });

  if (query.isError && !query.data)
    return (
      <LoadFailure
        what="the notification settings"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data || !drafts) return <Skeleton label="Loading the notification settings…" />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      settings: drafts.map(({ kind, memberIds, extraEmails }) => ({
        kind,
        memberIds,
        extraEmails: extraEmails.map((e) => e.trim()),
      })),
    };
    const parsed = proNotificationSettingsUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [, index, field, position] = issue.path;
        const kind = typeof index === 'number' ? drafts[index]?.kind : undefined;
        if (kind && field === 'extraEmails' && typeof position === 'number')
          next[`${kind}.${position}`] ??= issue.message;
        else next.form ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Notification settings" className="space-y-6">
      {!editable ? (
        <p className="text-sm text-slate-700">Only an owner can change who gets these e-mails.</p>
      ) : null}
      <FormFailure message={errors.form} />
      {drafts.map((draft) => (
        <KindSettings
          key={draft.kind}
          draft={draft}
          members={query.data.members}
          editable={editable}
          errors={errors}
          onChange={(next) => setDrafts(drafts.map((d) => (d.kind === next.kind ? next : d)))}
        />
      ))}
      {editable ? (
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save notification settings'}
        </button>
      ) : null}
    </form>
  );
}
