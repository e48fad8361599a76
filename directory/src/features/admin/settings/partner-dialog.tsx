/**
 * Adds a partner site or edits one: its site id (fixed once created: leads are attributed to it), name,
 * allowed origins one per line (the widget's CORS list) and whether it is active. What is typed is kept as
 * a draft until saved or discarded, and an edit saved by someone else meanwhile is merged, not overwritten
 * (docs/decisions/028).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isStaleWriteBody,
  PARTNER_FIELD_LABELS,
  PartnerCreateSchema,
  PartnerUpdateSchema,
  type AdminPartner,
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
import { buttonClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { Modal } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import {
  fieldErrors,
  FormFailure,
  TextArea,
  TextInput,
} from '../../../components/dashboard/fields';

export const PARTNERS_PATH = '/api/admin/settings/partners';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

interface PartnerValues {
  siteId: string;
  name: string;
  allowedOrigins: string;
  active: boolean;
}

const valuesOf = (partner: AdminPartner | undefined): PartnerValues => ({
  siteId: partner?.siteId ?? '',
  name: partner?.name ?? '',
  allowedOrigins: (partner?.allowedOrigins ?? []).join('\n'),
  active: partner?.active ?? true,
});

/** A 409 to an edit: the partner as saved now, for the merge. */
interface Conflict {
  current: AdminPartner;
  mine: PartnerValues;
  baseline: PartnerValues;
  choices: Record<string, MergeChoice>;
}

export function PartnerDialog({
  partner,
  open,
  onOpenChange,
}: {
  /** The partner to edit; none to add one. */
  partner?: AdminPartner;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const draft = useFormDraft(
    partner ? `partner:${partner.siteId}` : 'partner:new',
    valuesOf(partner),
    partner?.version,
  );
  const guard = useLeaveGuard(draft.dirty);
  const { siteId, name, allowedOrigins: origins, active } = draft.values;
  const set = <K extends keyof PartnerValues>(key: K, value: PartnerValues[K]) =>
    draft.setValues((v) => ({ ...v, [key]: value }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const sending = useRef(false);

  const save = useMutation({
    mutationFn: ({ body }: { body: unknown; values: PartnerValues }) =>
      partner
        ? adminWrite<AdminPartner>('PATCH', `${PARTNERS_PATH}/${partner.siteId}`, body)
        : adminWrite<AdminPartner>('POST', PARTNERS_PATH, body),
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: async (saved) => {
      draft.rebase(valuesOf(saved), saved.version);
      guard.allowNextNavigation();
      setConflict(null);
      await queryClient.invalidateQueries({ queryKey: [PARTNERS_PATH] });
      toast({
        title: partner ? 'Partner saved' : 'Partner added',
        description: `${saved.name} (${saved.siteId}) ${saved.active ? 'may embed the widget from its origins' : 'is inactive'}.`,
      });
      onOpenChange(false);
    },
    onError: (error, { values: sent }) => {
      if (error instanceof ApiError && error.status === 409 && isStaleWriteBody(error.body)) {
        const current = error.body.current as AdminPartner;
        const fields = conflictingFields(
          draft.baseline,
          sent,
          valuesOf(current),
          PARTNER_FIELD_LABELS,
        );
        setConflict({
          current,
          mine: sent,
          baseline: draft.baseline,
          choices: Object.fromEntries(fields.map((f) => [f.field, defaultChoice(f)])),
        });
        return;
      }
      setFailure(failureText(error));
    },
  });

  const send = (values: PartnerValues, version: number | undefined) => {
    if (sending.current) return;
    setFailure(null);
    const allowedOrigins = linesOf(values.allowedOrigins);
    const body = partner
      ? {
          name: values.name,
          allowedOrigins,
          ...(partner.isOwnSite ? {} : { active: values.active }),
          version,
        }
      : { siteId: values.siteId, name: values.name, allowedOrigins, active: values.active };
    const parsed = (partner ? PartnerUpdateSchema : PartnerCreateSchema).safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    sending.current = true;
    save.mutate({ body, values });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(draft.values, draft.version);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={partner ? `Edit ${partner.name}` : 'Add a partner site'}
      description="Origins are written scheme://host[:port], one per line, e.g. https://www.partner.example."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />
        {conflict ? (
          <MergePanel
            what="this partner"
            fields={conflictingFields(
              conflict.baseline,
              conflict.mine,
              valuesOf(conflict.current),
              PARTNER_FIELD_LABELS,
            )}
            show={(field, side) => {
              const value = (side === 'mine' ? conflict.mine : valuesOf(conflict.current))[field];
              return shownValue(field === 'allowedOrigins' ? linesOf(String(value)) : value);
            }}
            choices={conflict.choices}
            onChoose={(field, choice) =>
              setConflict({ ...conflict, choices: { ...conflict.choices, [field]: choice } })
            }
            pending={save.isPending}
            onTakeTheirs={() => {
              draft.rebase(valuesOf(conflict.current), conflict.current.version);
              setConflict(null);
              void queryClient.invalidateQueries({ queryKey: [PARTNERS_PATH] });
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
              setConflict(null);
              send(merged, conflict.current.version);
            }}
          />
        ) : null}
        <FormFailure message={failure} />
        {partner ? (
          <p className="text-sm text-slate-700">
            Site id <code className="rounded bg-slate-100 px-1">{partner.siteId}</code>
          </p>
        ) : (
          <TextInput
            label="Site id"
            required
            maxLength={64}
            autoComplete="off"
            hint="Lowercase letters, digits and hyphens; the widget's website field. Cannot be changed later."
            value={siteId}
            error={errors.siteId}
            onChange={(e) => set('siteId', e.target.value)}
          />
        )}
        <TextInput
          label="Name"
          required
          maxLength={160}
          autoComplete="off"
          value={name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextArea
          label="Allowed origins"
          rows={4}
          spellCheck={false}
          disabled={partner?.isOwnSite}
          hint={
            partner?.isOwnSite
              ? 'The directory is served from PUBLIC_URL and CORS_ORIGINS; it lists no origins here.'
              : 'One per line. Only these pages may call the widget’s endpoints from a browser.'
          }
          value={origins}
          error={errors.allowedOrigins}
          onChange={(e) => set('allowedOrigins', e.target.value)}
        />
        {partner?.isOwnSite ? null : (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={active}
              onChange={(e) => set('active', e.target.checked)}
              className="h-4 w-4 rounded border-slate-300"
            />
            Active (its origins pass CORS and its leads are accepted)
          </label>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : partner ? 'Save partner' : 'Add partner'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
