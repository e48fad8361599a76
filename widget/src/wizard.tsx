/**
 * The quote panel: progress, one labelled form per step (step 1 in this chunk, 2 to 7 lazy), Back and
 * Continue, and the notification region. A step change scrolls smoothly to the panel and moves focus to
 * the step's heading (or to a field it opens in error); a failed Continue moves focus to the first field in
 * error.
 */
import {
  Suspense,
  lazy,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { QuoteStepNumber } from '@moveratlas/contracts';
import { loadRules, useQuote, useQuoteActions } from './store';
import { SizeStep } from './steps/size-step';
import { LAZY_STEPS, prefetchStep, renewStep } from './steps/lazy-steps';
import { LoadBoundary, NotLoaded } from './ui/load-boundary';
import { Progress } from './ui/progress';

const ToastRegion = lazy(() => import('./ui/toast-region'));

export const STEP_HEADINGS: Record<QuoteStepNumber, string> = {
  1: 'What size is your move?',
  2: 'When are you moving?',
  3: 'Where are you moving?',
  4: 'How can movers reach you?',
  5: 'Choose your movers',
  6: 'Do you need auto transport?',
  7: 'Your quote request is in',
};

function StepBody({ step }: { step: QuoteStepNumber }) {
  if (step === 1) return <SizeStep />;
  const Step = LAZY_STEPS[step];
  return <Step />;
}

function StepPlaceholder() {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center text-slate-500">
      <span className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-brand" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1500 });
  else setTimeout(task, 200);
}

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function Wizard({ headerAction }: { headerAction?: ReactNode }) {
  const step = useQuote((s) => s.step);
  const submitting = useQuote((s) => s.submitting);
  const { next, back } = useQuoteActions();
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shownStep = useRef(step);
  const headingId = useId();

  useEffect(() => {
    // What the next Continue needs, fetched once the browser is idle: never in step 1's critical path.
    whenIdle(() => {
      void loadRules();
      prefetchStep(step + 1);
    });
    if (shownStep.current === step) return;
    shownStep.current = step;
    panelRef.current?.scrollIntoView?.({
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'start',
    });
    // A step entered with a field in error (a route the server could not place sends the visitor back to
    // step 3) focuses that field, as a refused Continue does; any other step its heading.
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? headingRef.current)?.focus({ preventScroll: true });
  }, [step]);

  // Each refused Continue counts once; the first invalid field takes focus after the render that marks it
  // (a frame's timer could run before React had rendered aria-invalid on a busy machine, and focus nothing).
  const [refusals, setRefusals] = useState(0);
  useLayoutEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await next())) setRefusals((count) => count + 1);
  };

  return (
    <section
      ref={panelRef}
      aria-label="Free moving quotes"
      className="@container relative scroll-mt-4 rounded-ma border border-slate-200 bg-white p-4 text-slate-900 shadow-sm @md:p-6"
    >
      {/* First in the panel: the region's sticky anchor starts at its top (see toast-region.tsx). */}
      <LoadBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <ToastRegion />
        </Suspense>
      </LoadBoundary>
      <div className="mb-3 flex items-start justify-between gap-3">
        <p className="text-sm font-semibold tracking-wide text-brand uppercase">
          Get free moving quotes
        </p>
        {headerAction}
      </div>
      <Progress step={step} />
      <form ref={formRef} noValidate aria-labelledby={headingId} onSubmit={onSubmit}>
        <h2
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="mb-4 text-xl font-bold text-slate-900 outline-none @md:text-2xl"
        >
          {STEP_HEADINGS[step]}
        </h2>
        {/* A step whose chunk did not load says so, with a retry, instead of taking the form down. */}
        <LoadBoundary
          key={step}
          onRetry={() => renewStep(step)}
          fallback={(retry) => <NotLoaded retry={retry} />}
        >
          <Suspense fallback={<StepPlaceholder />}>
            <StepBody step={step} />
          </Suspense>
        </LoadBoundary>
        {step < 7 ? (
          <div className="mt-6 flex flex-wrap-reverse items-center justify-between gap-3">
            {step > 1 ? (
              <button
                type="button"
                onClick={back}
                disabled={submitting}
                className="min-h-11 rounded-ma px-4 py-2 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
              >
                Back
              </button>
            ) : (
              <span />
            )}
            <button
              type="submit"
              aria-disabled={submitting || undefined}
              className="min-h-11 grow rounded-ma bg-brand px-6 py-2 font-semibold text-white hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand @sm:grow-0"
            >
              {step === 6 ? (submitting ? 'Submitting…' : 'Get my quotes') : 'Continue'}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
