/**
 * Bulk actions on an admin list (companies, leads, reviews, SEO tasks): a checkbox per row and one for the
 * page, a bar that counts the selection and offers the actions, a confirmation that names the number and the
 * action ("Unlist 12 companies?"; a delete asks to type the number), and the server's summary read out in a
 * live region. One request per action; the server does it in one transaction (docs/decisions/029).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BULK_MAX_IDS, type BulkResult } from '@moveratlas/contracts';
import { adminWrite } from '../admin-request';
import {
  buttonClass,
  dangerButtonClass,
  inputClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { Modal } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';

export interface RowSelection {
  selected: ReadonlySet<number>;
  count: number;
  isSelected(id: number): boolean;
  toggle(id: number): void;
  /** Selects every row of the page, or clears them when all are selected. */
  togglePage(): void;
  allOnPage: boolean;
  someOnPage: boolean;
  clear(): void;
}

/**
 * The rows chosen on the current page. A new page, filter or sort (`resetKey`) starts a new selection, so
 * an action never reaches rows that are no longer in view.
 */
export function useRowSelection(pageIds: readonly number[], resetKey: string): RowSelection {
  // The selection remembers the view it was made in; in another view it is empty.
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<number> }>(() => ({
    key: resetKey,
    ids: new Set(),
  }));
  const selected = state.key === resetKey ? state.ids : NOTHING;
  const change = (next: (current: Set<number>) => void) =>
    setState((current) => {
      const ids = new Set(current.key === resetKey ? current.ids : NOTHING);
      next(ids);
      return { key: resetKey, ids };
    });
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return {
    selected,
    count: selected.size,
    isSelected: (id) => selected.has(id),
    toggle: (id) =>
      change((ids) => {
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
      }),
    togglePage: () =>
      change((ids) => {
        for (const id of pageIds) {
          if (allOnPage) ids.delete(id);
          else ids.add(id);
        }
      }),
    allOnPage,
    someOnPage: pageIds.some((id) => selected.has(id)),
    clear: () => setState({ key: resetKey, ids: new Set() }),
  };
}

const NOTHING: ReadonlySet<number> = new Set();

const checkboxClass =
  'h-5 w-5 rounded border-slate-400 text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** "Select all 25 companies on this page": checked, unchecked, or mixed when some are. */
export function SelectPageCheckbox({
  selection,
  label,
}: {
  selection: RowSelection;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const mixed = selection.someOnPage && !selection.allOnPage;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={selection.allOnPage}
      aria-checked={mixed ? 'mixed' : selection.allOnPage}
      onChange={() => selection.togglePage()}
      className={checkboxClass}
    />
  );
}

export function RowCheckbox({
  selection,
  id,
  label,
}: {
  selection: RowSelection;
  id: number;
  /** "Select Acme Movers". */
  label: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={selection.isSelected(id)}
      onChange={() => selection.toggle(id)}
      className={checkboxClass}
    />
  );
}

export interface BulkActionChoice {
  /** What the request sends ("unlist"), and the key of the choice. */
  id: string;
  /** The button: "Unlist". */
  label: string;
  /** The dialog's question starts with it: "Unlist" → "Unlist 12 companies?". */
  verb: string;
  /** After the number in the question: " to Contacted" → "Move 3 leads to Contacted?". */
  suffix?: string;
  /** What the confirmation says happens. */
  explain: string;
  tone: 'primary' | 'danger';
  /** Ask to type the number before doing it (deletes). */
  guard?: boolean;
}

interface Noun {
  one: string;
  many: string;
}

const counted = (n: number, noun: Noun) => `${n} ${n === 1 ? noun.one : noun.many}`;

/**
 * The bar over a list while rows are selected: "3 selected", the actions, Clear. `extra` holds controls
 * an action needs first (the status to move leads to).
 */
export function BulkBar({
  selection,
  noun,
  actions,
  onAction,
  extra,
}: {
  selection: RowSelection;
  noun: Noun;
  actions: readonly BulkActionChoice[];
  onAction: (action: BulkActionChoice) => void;
  extra?: ReactNode;
}) {
  if (selection.count === 0) return null;
  const tooMany = selection.count > BULK_MAX_IDS;
  return (
    <div
      role="region"
      aria-label={`Actions on the selected ${noun.many}`}
      className="sticky bottom-2 z-20 flex flex-wrap items-center gap-2 rounded-xl border border-blue-200 bg-blue-50 p-3 shadow-md md:static md:shadow-none"
    >
      <p className="mr-2 text-sm font-semibold text-slate-900">{selection.count} selected</p>
      {extra}
      {actions.map((action) => (
        <button
          key={action.id}
          type="button"
          disabled={tooMany}
          onClick={() => onAction(action)}
          className={action.tone === 'danger' ? dangerButtonClass : buttonClass}
        >
          {action.label}
        </button>
      ))}
      <button type="button" onClick={() => selection.clear()} className={buttonClass}>
        Clear selection
      </button>
      {tooMany ? (
        <p className="w-full text-sm text-red-800">
          At most {BULK_MAX_IDS} {noun.many} at a time; choose fewer.
        </p>
      ) : null}
    </div>
  );
}

/** The question before a bulk action; a guarded one (delete) is done only once the number is typed. */
/** The status a bulk "Move to…" sets, beside the bar's button (leads, SEO tasks). */
export function BulkStatusSelect<S extends string>({
  statuses,
  labels,
  value,
  onChange,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  value: S;
  onChange: (status: S) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-800">
        New status
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as S)}
        className="rounded-lg border border-slate-300 bg-white px-2 py-2"
      >
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function BulkConfirm({
  action,
  count,
  noun,
  pending,
  onCancel,
  onConfirm,
  children,
  ready = true,
}: {
  action: BulkActionChoice | null;
  count: number;
  noun: Noun;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** More to ask before doing it (the red-flag report's reason), above the buttons. */
  children?: ReactNode;
  /** False while what `children` ask is not answered: the action waits. */
  ready?: boolean;
}) {
  // What was typed, for the action it was typed for: a new question starts empty.
  const [typedFor, setTypedFor] = useState<{ action: BulkActionChoice | null; text: string }>({
    action: null,
    text: '',
  });
  const typed = typedFor.action === action ? typedFor.text : '';
  const setTyped = (text: string) => setTypedFor({ action, text });
  const guardId = useId();
  const blocked = (action?.guard === true && typed.trim() !== String(count)) || !ready;
  const noun_ = action ? `${counted(count, noun)}${action.suffix ?? ''}` : '';
  return (
    <Modal
      open={action !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
      title={action ? `${action.verb} ${noun_}?` : ''}
      description={action?.explain}
      size="small"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocked && !pending) onConfirm();
        }}
      >
        {action?.guard ? (
          <div className="mb-5">
            <label htmlFor={guardId} className="block text-sm font-medium text-slate-800">
              Type {count} to confirm
            </label>
            <input
              id={guardId}
              inputMode="numeric"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              className={inputClass}
            />
          </div>
        ) : null}
        {children ? <div className="mb-5">{children}</div> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass} disabled={pending} onClick={onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            aria-busy={pending}
            disabled={pending || blocked}
            className={action?.tone === 'danger' ? dangerButtonClass : primaryButtonClass}
          >
            {pending ? `Working on ${noun_}…` : `${action?.verb ?? ''} ${noun_}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** What the last bulk action did, read out when it arrives; the rows left as they were are listed. */
export function BulkResultNotice({
  result,
  error,
  onDismiss,
}: {
  result: BulkResult | null;
  error: string | null;
  onDismiss: () => void;
}) {
  const left = result?.results.filter((r) => r.outcome !== 'done') ?? [];
  return (
    <div aria-live="polite" role="status">
      {result || error ? (
        <div
          className={`rounded-lg border p-3 text-sm ${
            error
              ? 'border-red-200 bg-red-50 text-red-900'
              : 'border-green-200 bg-green-50 text-green-900'
          }`}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-medium">{error ?? result?.summary}</p>
            <button type="button" onClick={onDismiss} className="underline">
              Dismiss
            </button>
          </div>
          {left.length > 0 ? (
            <details className="mt-2">
              <summary className="cursor-pointer">
                {left.length} left as {left.length === 1 ? 'it was' : 'they were'}
              </summary>
              <ul className="mt-1 list-disc pl-5">
                {left.slice(0, 50).map((r) => (
                  <li key={r.id}>
                    #{r.id}: {r.message}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Everything a list's bulk actions need: the chosen action awaiting confirmation, the request, the result.
 * `body` makes the request body for an action and the selected ids; `invalidate` are the query keys the
 * change makes stale.
 */
export function useBulkAction({
  path,
  selection,
  body,
  invalidate,
}: {
  path: string;
  selection: RowSelection;
  body: (action: BulkActionChoice, ids: number[]) => unknown;
  invalidate: ReadonlyArray<readonly unknown[]>;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<BulkActionChoice | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: ({ action, ids }: { action: BulkActionChoice; ids: number[] }) =>
      adminWrite<BulkResult>('POST', path, body(action, ids)),
    onSuccess: async (answer) => {
      setResult(answer);
      setError(null);
      setAsking(null);
      selection.clear();
      await Promise.all(
        invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      );
    },
    onError: (failure) => {
      setAsking(null);
      setResult(null);
      setError(`Nothing was changed: ${failureText(failure)}`);
    },
  });
  return {
    asking,
    ask: (action: BulkActionChoice) => {
      setResult(null);
      setError(null);
      setAsking(action);
    },
    cancel: () => setAsking(null),
    confirm: () => {
      // In id order, so the answer reads in a stable order whatever the clicks were.
      if (asking)
        mutation.mutate({ action: asking, ids: [...selection.selected].sort((a, b) => a - b) });
    },
    pending: mutation.isPending,
    result,
    error,
    dismiss: () => {
      setResult(null);
      setError(null);
    },
  };
}
