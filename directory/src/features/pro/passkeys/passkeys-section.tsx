/**
 * The Account screen's Passkeys section: the mover's passkeys (name, synced or on one device, added, last
 * used), adding one (a name, then the browser's passkey prompt), renaming and removing one. The password
 * keeps working beside them (decision 035), which the section says. Loading, empty and failure states; every
 * failure in plain words; on a browser without WebAuthn the list and removal still work, adding does not.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyNameSchema, type ProPasskey } from '@moveratlas/contracts';
import { ConfirmDialog, Modal } from '../../../components/dashboard/dialog';
import {
  buttonClass,
  errorBoxClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { TextInput } from '../../../components/dashboard/fields';
import { failureText } from '../../../components/dashboard/failure-text';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import {
  listPasskeys,
  PasskeyPromptError,
  PASSKEYS_QUERY_KEY,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from './passkey-api';
import { supportsPasskeys } from './passkey-words';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDay = (ms: number) => day.format(new Date(ms));

/** A failure in words: the browser's refusal as worded for it, else the server's reason or the connection. */
const problemText = (error: unknown) =>
  error instanceof PasskeyPromptError ? error.message : failureText(error);

/** The name's problem in words, or undefined when it may go. */
function nameProblem(name: string): string | undefined {
  const parsed = passkeyNameSchema.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A guess at a name for the device in hand, to save typing: "iPhone", "Mac", "Windows PC"… */
export function suggestedName(userAgent: string = globalThis.navigator?.userAgent ?? ''): string {
  if (/iPhone/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Android/.test(userAgent)) return 'Android phone';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'Mac';
  if (/Windows/.test(userAgent)) return 'Windows PC';
  if (/CrOS/.test(userAgent)) return 'Chromebook';
  if (/Linux/.test(userAgent)) return 'Linux computer';
  return '';
}

function NameDialog({
  open,
  title,
  description,
  initialName,
  submitLabel,
  pendingLabel,
  pending,
  failure,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  initialName: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  failure: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    const problem = nameProblem(name);
    setError(problem);
    if (problem) return;
    onSubmit(name.trim());
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) {
          setError(undefined);
          onClose();
        }
      }}
      title={title}
      description={description}
      size="small"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure ? (
          <p role="alert" className={errorBoxClass}>
            {failure}
          </p>
        ) : null}
        <TextInput
          label="Name"
          name="name"
          defaultValue={initialName}
          maxLength={64}
          autoComplete="off"
          error={error}
          hint='To tell your passkeys apart, like "Work laptop" or "My iPhone".'
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass} onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className={primaryButtonClass} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function PasskeyItem({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: ProPasskey;
  onRename: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{passkey.name}</p>
        <p className="text-sm text-slate-600">
          {passkey.backedUp ? 'Synced across your devices' : 'On one device'} · Added{' '}
          {formatDay(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt === null
            ? 'Not used to sign in yet'
            : `Last used ${formatDay(passkey.lastUsedAt)}`}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          className={buttonClass}
          onClick={onRename}
          aria-label={`Rename ${passkey.name}`}
        >
          Rename
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={onRemove}
          aria-label={`Remove ${passkey.name}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

export function PasskeysSection() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: PASSKEYS_QUERY_KEY,
    queryFn: ({ signal }) => listPasskeys(signal),
  });
  const [supported] = useState(supportsPasskeys);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<ProPasskey | null>(null);
  const [removing, setRemoving] = useState<ProPasskey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });

  const add = useMutation({
    mutationFn: registerPasskey,
    onSuccess: async (passkey) => {
      setAdding(false);
      setNotice(
        `Passkey "${passkey.name}" added. You can now sign in with it instead of your password.`,
      );
      await refresh();
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renamePasskey(id, name),
    onSuccess: async (passkey) => {
      setRenaming(null);
      setNotice(`Passkey renamed to "${passkey.name}".`);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (passkey: ProPasskey) => removePasskey(passkey.id),
    onSuccess: async (_answer, passkey) => {
      setRemoving(null);
      setNotice(`Passkey "${passkey.name}" removed.`);
      await refresh();
    },
  });

  const passkeys = list.data?.passkeys ?? [];
  return (
    <section
      aria-labelledby="pro-passkeys-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="pro-passkeys-title" className="text-lg font-semibold text-slate-900">
            Passkeys
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Sign in with your fingerprint, face or screen lock instead of typing your password. Your
            password keeps working too.
          </p>
        </div>
        {supported ? (
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => {
              add.reset();
              setNotice(null);
              setAdding(true);
            }}
          >
            Add a passkey
          </button>
        ) : null}
      </div>
      <div className="mt-4">
        {!supported ? (
          <p className="mb-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            This browser cannot make passkeys. Open your account on a phone or computer with a
            fingerprint, face or screen lock to add one.
          </p>
        ) : null}
        <p
          role="status"
          aria-live="polite"
          className={notice ? 'mb-3 text-sm text-green-800' : 'sr-only'}
        >
          {notice ?? ''}
        </p>
        {list.isPending ? (
          <Skeleton label="Loading your passkeys" blocks={2} rows />
        ) : list.isError ? (
          <LoadFailure
            what="your passkeys"
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : passkeys.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            You have no passkeys yet.
          </p>
        ) : (
          <ul aria-label="Your passkeys" className="divide-y divide-slate-200">
            {passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                onRename={() => {
                  rename.reset();
                  setRenaming(passkey);
                }}
                onRemove={() => {
                  remove.reset();
                  setRemoving(passkey);
                }}
              />
            ))}
          </ul>
        )}

        <NameDialog
          key={adding ? 'adding' : 'closed'}
          open={adding}
          title="Add a passkey"
          description="Name this passkey, then follow your browser's prompt (fingerprint, face or screen lock)."
          initialName={suggestedName()}
          submitLabel="Continue"
          pendingLabel="Waiting for your passkey…"
          pending={add.isPending}
          failure={add.isError ? problemText(add.error) : null}
          onSubmit={(name) => add.mutate(name)}
          onClose={() => setAdding(false)}
        />
        <NameDialog
          key={renaming ? `rename-${renaming.id}` : 'rename'}
          open={renaming !== null}
          title="Rename passkey"
          description="A name to tell this passkey apart from your others."
          initialName={renaming?.name ?? ''}
          submitLabel="Save name"
          pendingLabel="Saving…"
          pending={rename.isPending}
          failure={rename.isError ? failureText(rename.error) : null}
          onSubmit={(name) => renaming && rename.mutate({ id: renaming.id, name })}
          onClose={() => setRenaming(null)}
        />
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          title="Remove this passkey?"
          description={
            removing
              ? `"${removing.name}" will no longer sign you in. Your password and your other passkeys keep working.`
              : ''
          }
          confirmLabel="Remove passkey"
          pendingLabel="Removing…"
          pending={remove.isPending}
          onConfirm={() => removing && remove.mutate(removing)}
        >
          {remove.isError ? (
            <p role="alert" className={errorBoxClass}>
              {failureText(remove.error)}
            </p>
          ) : null}
        </ConfirmDialog>
      </div>
    </section>
  );
}
