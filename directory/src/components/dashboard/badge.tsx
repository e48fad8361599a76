/** The small rounded label the admin lists show a status with; its tone says how much it needs attention. */
import type { ReactNode } from 'react';

export type BadgeTone =
  | 'neutral'
  | 'info'
  | 'success'
  | 'warning'
  | 'danger'
  /** A lead that gave up: the one status that must catch the eye in a long list. */
  | 'alarm'
  | 'violet'
  | 'cyan';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-300',
  info: 'bg-blue-50 text-blue-800 ring-blue-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  alarm: 'bg-red-700 text-white ring-red-700',
  violet: 'bg-violet-50 text-violet-800 ring-violet-200',
  cyan: 'bg-cyan-50 text-cyan-900 ring-cyan-200',
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
