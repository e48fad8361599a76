/**
 * Adds a partner site or edits one: its site id (fixed once created: leads are attributed to it), name,
 * allowed origins one per line (the widget's CORS list) and whether it is active.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PartnerCreateSchema, PartnerUpdateSchema, type AdminPartner } from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { buttonClass, primaryButtonClass } from '../ui/classes';
import { Modal } from '../ui/dialog';
import { failureText } from '../ui/failure-text';
import { fieldErrors, FormFailure, TextArea, TextInput } from '../ui/fields';

export const PARTNERS_PATH = '/api/admin/settings/partners';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

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
  const [siteId, setSiteId] = useState(partner?.siteId ?? '');
  const [name, setName] = useState(partner?.name ?? '');
  const [origins, setOrigins] = useState((partner?.allowedOrigins ?? []).join('\n'));
  const [active, setActive] = useState(partner?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: unknown) =>
      partner
        ? adminWrite<AdminPartner>('PATCH', `${PARTNERS_PATH}/${partner.siteId}`, body)
        : adminWrite<AdminPartner>('POST', PARTNERS_PATH, body),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: [PARTNERS_PATH] });
      toast({
        title: partner ? 'Partner saved' : 'Partner added',
        description: `${saved.name} (${saved.siteId}) ${saved.active ? 'may embed the widget from its origins' : 'is inactive'}.`,
      });
      onOpenChange(false);
    },
    onError: (error) => setFailure(failureText(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const allowedOrigins = linesOf(origins);
    const body = partner
      ? { name, allowedOrigins, ...(partner.isOwnSite ? {} : { active }) }
      : { siteId, name, allowedOrigins, active };
    const parsed = (partner ? PartnerUpdateSchema : PartnerCreateSchema).safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={partner ? `Edit ${partner.name}` : 'Add a partner site'}
      description="Origins are written scheme://host[:port], one per line, e.g. https://www.partner.example."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
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
            onChange={(e) => setSiteId(e.target.value)}
          />
        )}
        <TextInput
          label="Name"
          required
          maxLength={160}
          autoComplete="off"
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
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
          onChange={(e) => setOrigins(e.target.value)}
        />
        {partner?.isOwnSite ? null : (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={active}
              onChange={(e) => setActive(e.target.checked)}
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
