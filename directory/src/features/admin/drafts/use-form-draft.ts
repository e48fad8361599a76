/**
 * Typed work outlives the page (docs/decisions/028): an admin form's values are kept in the tab's
 * sessionStorage as the person types, per admin and per record, with the version of the record they were
 * typed onto. Opening the form again — after a session expired and the sign-in came back here, after a
 * reload, after leaving and returning — restores them, and the screen says so with a way to discard them.
 * A save clears the draft. sessionStorage rather than localStorage: it belongs to one tab, so two tabs on
 * one company never pick up each other's typing, and it ends with the tab (whose closing the leave guard
 * asks about).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthStatus } from '@moveratlas/contracts';
import { AUTH_STATUS_KEY } from '../auth-status';

const PREFIX = 'moveratlas:draft:';

interface StoredDraft<T> {
  values: T;
  /** The record as it was when the typing started: a later merge tells who changed what by it. */
  baseline: T;
  /** The record's version the values were typed onto; undefined for a new record. */
  version?: number;
  savedAt: string;
}

/** The storage, or undefined where there is none (server rendering, storage disabled). */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readDraft<T>(key: string): StoredDraft<T> | undefined {
  try {
    const text = storage()?.getItem(key);
    if (!text) return undefined;
    const draft = JSON.parse(text) as StoredDraft<T>;
    return typeof draft === 'object' && draft !== null && 'values' in draft && 'baseline' in draft
      ? draft
      : undefined;
  } catch {
    return undefined;
  }
}

function writeDraft(key: string, draft: StoredDraft<unknown> | undefined): void {
  try {
    if (draft) storage()?.setItem(key, JSON.stringify(draft));
    else storage()?.removeItem(key);
  } catch {
    // Storage full or refused: the form still works, only without a draft.
  }
}

/** Forgets every draft of this tab (at logout: the next person at this browser must not see them). */
export function forgetAllDrafts(): void {
  const store = storage();
  if (!store) return;
  for (let i = store.length - 1; i >= 0; i--) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) store.removeItem(key);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface FormDraft<T> {
  values: T;
  setValues: (update: SetStateAction<T>) => void;
  /** The values differ from the record as loaded (or as last merged onto). */
  dirty: boolean;
  /** The record as the values were based on: what a merge compares against. */
  baseline: T;
  /** The version to save with: the one the values were typed onto. */
  version: number | undefined;
  /** When the restored draft was typed (ISO); null when nothing was restored or it was discarded. */
  restoredAt: string | null;
  /** Back to the record as loaded; the draft is forgotten. */
  discard: () => void;
  /** A new starting point: after a save (values = the saved record) or a merge (values = the merged ones). */
  rebase: (baseline: T, version: number | undefined, values?: T) => void;
}

/**
 * The values of one admin form, kept as a draft under `key` (say `company:42`, `company:new`); `initial` and
 * `version` are the record as loaded. A draft typed onto an older version is restored with that version, so
 * saving it meets the 409 and its merge instead of quietly undoing someone's save.
 */
export function useFormDraft<T>(key: string, initial: T, version?: number): FormDraft<T> {
  const queryClient = useQueryClient();
  const admin =
    queryClient.getQueryData<AuthStatus>(AUTH_STATUS_KEY)?.username ?? 'signed-in-admin';
  const storageKey = `${PREFIX}${admin}:${key}`;
  const [state, setState] = useState(() => {
    const draft = readDraft<T>(storageKey);
    const restored = draft && !same(draft.values, initial) ? draft : undefined;
    return {
      baseline: restored ? restored.baseline : initial,
      version: restored ? restored.version : version,
      values: restored ? restored.values : initial,
      restoredAt: restored ? restored.savedAt : null,
    };
  });
  const initialRef = useRef(initial);
  const versionRef = useRef(version);
  const dirty = useMemo(() => !same(state.values, state.baseline), [state.values, state.baseline]);

  // Kept as they are typed; a form back at its starting point has no draft.
  useEffect(() => {
    writeDraft(
      storageKey,
      dirty
        ? {
            values: state.values,
            baseline: state.baseline,
            version: state.version,
            savedAt: new Date().toISOString(),
          }
        : undefined,
    );
  }, [storageKey, dirty, state.values, state.baseline, state.version]);

  const setValues = useCallback((update: SetStateAction<T>) => {
    setState((s) => ({
      ...s,
      values: typeof update === 'function' ? (update as (prev: T) => T)(s.values) : update,
    }));
  }, []);

  const discard = useCallback(() => {
    writeDraft(storageKey, undefined);
    // Back to the record as loaded now, not to the older one a restored draft was typed onto.
    setState({
      baseline: initialRef.current,
      version: versionRef.current,
      values: initialRef.current,
      restoredAt: null,
    });
  }, [storageKey]);

  const rebase = useCallback(
    (baseline: T, nextVersion: number | undefined, values?: T) => {
      if (values === undefined || same(values, baseline)) writeDraft(storageKey, undefined);
      initialRef.current = baseline;
      versionRef.current = nextVersion;
      setState({
        baseline,
        version: nextVersion,
        values: values ?? baseline,
        restoredAt: null,
      });
    },
    [storageKey],
  );

  return {
    values: state.values,
    setValues,
    dirty,
    baseline: state.baseline,
    version: state.version,
    restoredAt: state.restoredAt,
    discard,
    rebase,
  };
}
