/** The seven-step progress indicator: every step with its icon, the current one marked for assistive tech. */
import { QUOTE_STEPS, type QuoteStepNumber } from '@moveratlas/contracts';
import { Icon } from './icons';

export function Progress({ step }: { step: QuoteStepNumber }) {
  return (
    <nav aria-label="Quote progress" className="mb-4">
      <p className="mb-2 text-sm text-slate-600">
        Step {step} of {QUOTE_STEPS.length}
      </p>
      <ol className="flex items-center justify-between gap-1">
        {QUOTE_STEPS.map((s) => {
          const state = s.step < step ? 'done' : s.step === step ? 'current' : 'todo';
          return (
            <li
              key={s.step}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex min-w-0 flex-1 flex-col items-center gap-1"
            >
              <span
                className={
                  'flex size-8 items-center justify-center rounded-full border ' +
                  (state === 'todo'
                    ? 'border-slate-300 bg-white text-slate-500'
                    : state === 'current'
                      ? 'border-brand bg-brand text-white'
                      : 'border-brand bg-brand-soft text-brand')
                }
              >
                <Icon name={s.name} className="size-4" />
              </span>
              <span
                className={
                  'hidden truncate text-xs @md:block ' +
                  (state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600')
                }
              >
                {s.title}
                <span className="sr-only">{state === 'done' ? ' (completed)' : ''}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
