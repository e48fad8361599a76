/**
 * Asks before unsaved changes are left behind (docs/decisions/028): a move to another page of the app asks
 * in a dialog (React Router's useBlocker), and closing or reloading the tab gets the browser's own prompt
 * (beforeunload). Forms say whether they hold unsaved changes with useLeaveGuard; one <LeaveGuard> in the
 * admin layout asks for all of them, since a router takes one blocker at a time. The way to /login is never
 * blocked: the session ended, the draft is kept, and the sign-in comes back here.
 */
import { useCallback, useContext, useEffect, useId, useState } from 'react';
import {
  IDLE_BLOCKER,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  type Blocker,
  type BlockerFunction,
} from 'react-router-dom';
import { ConfirmDialog } from '../../../components/dashboard/dialog';

/** The forms on screen that hold unsaved changes. */
const unsavedForms = new Set<string>();
/** Set for the navigation that follows a save or a logout: it leaves nothing unsaved behind. */
let leavingOnPurpose = false;

const hasUnsavedChanges = () => unsavedForms.size > 0;

/** Lets the next navigation through unasked (after a save, or at logout, which forgets the drafts). */
export function allowLeavingOnce(): void {
  leavingOnPurpose = true;
  // Only for the navigation that follows now, never for one much later.
  setTimeout(() => {
    leavingOnPurpose = false;
  }, 1000);
}

/** A form's part: whether it holds unsaved changes, for as long as it is on screen. */
export function useLeaveGuard(unsaved: boolean): { allowNextNavigation: () => void } {
  const id = useId();
  useEffect(() => {
    if (unsaved) unsavedForms.add(id);
    else unsavedForms.delete(id);
    return () => {
      unsavedForms.delete(id);
    };
  }, [id, unsaved]);
  const allowNextNavigation = useCallback(() => {
    // The form's changes are saved: it no longer counts, even before its next render says so.
    unsavedForms.delete(id);
    allowLeavingOnce();
  }, [id]);
  return { allowNextNavigation };
}

let blockerCount = 0;

/**
 * React Router's useBlocker, through the router it hands to every data route: importing useBlocker itself
 * would put it in the shared framework chunk that every public page loads (the home page's 130 KB budget),
 * while this stays in the admin area's own chunk. The site has no basename, so locations need no stripping.
 */
function useNavigationBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const [key] = useState(() => `leave-guard-${++blockerCount}`);
  useEffect(() => {
    if (!router) return;
    router.getBlocker(key, shouldBlock);
    return () => router.deleteBlocker(key);
  }, [router, key, shouldBlock]);
  return state?.blockers.get(key) ?? IDLE_BLOCKER;
}

const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) => {
  if (leavingOnPurpose) {
    leavingOnPurpose = false;
    return false;
  }
  return (
    hasUnsavedChanges() &&
    nextLocation.pathname !== '/login' &&
    (nextLocation.pathname !== currentLocation.pathname ||
      nextLocation.search !== currentLocation.search)
  );
};

/** The one question for every form of the admin area: drawn once, in the layout. */
export function LeaveGuard() {
  const blocker = useNavigationBlocker(shouldBlock);

  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description="Your changes on this page are not saved. They stay in this tab as a draft and come back when you open the page again, until you discard them."
      confirmLabel="Leave this page"
      cancelLabel="Stay and keep editing"
      tone="primary"
      pending={false}
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
