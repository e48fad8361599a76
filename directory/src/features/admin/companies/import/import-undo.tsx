/**
 * "Undo this import" on a finished import: asks first, then puts back every company the import changed and
 * deletes the ones it created, as a background job whose end the screen follows. When companies were changed
 * again since the import the server refuses and names them; the admin can then undo the rest and leave those
 * as they are (docs/decisions/029).
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CSRF_HEADER,
  ImportUndoConflictSchema,
  type CompanyImport,
  type ImportUndoConflict,
} from '@moveratlas/contracts';
import { ApiError } from '../../../../lib/api-client';
import { formatCount } from '../../../../lib/numbers';
import { csrfToken } from '../../admin-request';
import {
  buttonClass,
  dangerButtonClass,
  linkClass,
} from '../../../../components/dashboard/classes';
import { DateTime } from '../../../../components/dashboard/date-time';
import { Modal } from '../../../../components/dashboard/dialog';
import { failureText } from '../../../../components/dashboard/failure-text';
import { FormFailure } from '../../../../components/dashboard/fields';

type UndoAnswer =
  { kind: 'started'; upload: CompanyImport } | { kind: 'conflict'; conflict: ImportUndoConflict };

/**
 * POST …/undo. A 409 that lists the companies changed since is an answer to show, not a failure: it is read
 * here whole (the shared client keeps only the error's words).
 */
async function requestUndo(url: string, skipChanged: boolean): Promise<UndoAnswer> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
  const token = csrfToken();
  if (token) headers.set(CSRF_HEADER, token);
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify({ skipChanged }),
  });
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.status === 202) return { kind: 'started', upload: body as CompanyImport };
  const conflict = ImportUndoConflictSchema.safeParse(body);
  if (response.status === 409 && conflict.success)
    return { kind: 'conflict', conflict: conflict.data };
  const reason = (body as { error?: unknown } | null)?.error;
  throw new ApiError(
    response.status,
    `API Error: ${typeof reason === 'string' ? reason : response.statusText}`,
  );
}

export function UndoImport({ upload, path }: { upload: CompanyImport; path: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [conflict, setConflict] = useState<ImportUndoConflict | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const undo = useMutation({
    mutationFn: (skipChanged: boolean) => requestUndo(`${path}/${upload.id}/undo`, skipChanged),
    onSuccess: (answer) => {
      if (answer.kind === 'conflict') {
        setConflict(answer.conflict);
        return;
      }
      setOpen(false);
      setConflict(null);
      queryClient.setQueryData([`${path}/${upload.id}`], answer.upload);
    },
    onError: (error) => setFailure(failureText(error)),
  });

  const state = upload.undo;
  if (state && state.status !== 'failed') {
    const running = state.status === 'queued' || state.status === 'running';
    return (
      <p role="status" className="text-sm text-slate-800">
        {running
          ? `Undoing this import (asked by ${state.by})…`
          : `Undone by ${state.by}: ${formatCount(state.restored)} ${state.restored === 1 ? 'company' : 'companies'} put back, ${formatCount(state.deleted)} created by the import deleted${state.skipped > 0 ? `, ${formatCount(state.skipped)} left as changed since` : ''}.`}
        {state.finishedAt ? (
          <>
            {' '}
            <DateTime iso={state.finishedAt} />
          </>
        ) : null}
      </p>
    );
  }
  if (!upload.undoable) return null;
  const changed = (upload.result?.created ?? 0) + (upload.result?.updated ?? 0);
  const close = () => {
    if (undo.isPending) return;
    setOpen(false);
    setConflict(null);
    setFailure(null);
  };
  return (
    <div className="space-y-2">
      {state?.status === 'failed' ? <FormFailure message={state.error} /> : null}
      <button type="button" className={buttonClass} onClick={() => setOpen(true)}>
        Undo this import
      </button>
      <Modal
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Undo this import?"
        description={`The ${formatCount(upload.result?.updated ?? 0)} companies it updated are put back as they were before it, and the ${formatCount(upload.result?.created ?? 0)} it created are deleted with their reviews (${formatCount(changed)} in all).`}
        size="small"
      >
        {conflict ? (
          <div className="mb-4 space-y-2 text-sm">
            <p className="text-red-900">{conflict.error}</p>
            <ul className="list-disc pl-5">
              {conflict.changedSince.map((c) => (
                <li key={c.id}>
                  {c.deleted ? (
                    `${c.name} (deleted since)`
                  ) : (
                    <a href={`/admin/companies/${c.id}`} className={linkClass}>
                      {c.name}
                    </a>
                  )}
                </li>
              ))}
            </ul>
            {conflict.changedSinceCount > conflict.changedSince.length ? (
              <p>
                … and {formatCount(conflict.changedSinceCount - conflict.changedSince.length)} more.
              </p>
            ) : null}
          </div>
        ) : null}
        <FormFailure message={failure} />
        <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass} disabled={undo.isPending} onClick={close}>
            Keep the import
          </button>
          <button
            type="button"
            className={dangerButtonClass}
            disabled={undo.isPending}
            aria-busy={undo.isPending}
            onClick={() => {
              setFailure(null);
              undo.mutate(conflict !== null);
            }}
          >
            {undo.isPending
              ? 'Starting…'
              : conflict
                ? `Undo the rest, leave ${formatCount(conflict.changedSinceCount)} as ${conflict.changedSinceCount === 1 ? 'it is' : 'they are'}`
                : 'Undo the import'}
          </button>
        </div>
      </Modal>
    </div>
  );
}
