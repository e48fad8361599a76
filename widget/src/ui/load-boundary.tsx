/**
 * Catches a part of the widget that failed to render — in practice a lazy chunk that did not load (a dropped
 * connection) — so the rest of the form stays on screen and the visitor reads what to do instead of a form
 * that vanished (React unmounts the whole tree on an uncaught error).
 */
import { Component, type ReactNode } from 'react';
import { RELOAD_KEEPS_PROGRESS, STEP_NOT_LOADED_MESSAGE } from '../failure-text';

interface LoadBoundaryProps {
  /** What shows instead; `retry` renders the children again (after `onRetry`). */
  fallback: (retry: () => void) => ReactNode;
  onRetry?: () => void;
  children: ReactNode;
}

export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[MoverAtlas] part of the form did not load', error);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/** In place of a step that did not load: what happened, what to do, and a button that tries again. */
export function NotLoaded({ retry }: { retry?: () => void }) {
  return (
    // The classes of the widget's other boxes and buttons: no stylesheet rules of its own (step 1's budget).
    <div role="alert" className="rounded-ma border border-slate-200 bg-slate-50 p-4 text-slate-900">
      <p className="font-semibold text-red-700">{STEP_NOT_LOADED_MESSAGE}</p>
      <p className="mt-1 text-sm">{RELOAD_KEEPS_PROGRESS}</p>
      {retry ? (
        <button
          type="button"
          onClick={retry}
          className="mt-3 min-h-11 rounded-ma border-2 border-brand px-4 py-2 font-semibold text-brand hover:bg-brand-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
