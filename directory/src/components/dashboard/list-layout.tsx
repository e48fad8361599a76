/**
 * How an admin list reads on every width: a table from the md breakpoint up, one card per row below it, so
 * nothing scrolls sideways on a phone. A screen renders both; CSS shows one.
 */
import type { ReactNode } from 'react';

/** The wide layout: a table with its caption for screen readers; `children` are its thead and tbody. */
export function ListTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The phone layout: a list of ListCard. */
export function ListCards({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label={label}>
      {children}
    </ul>
  );
}

export function ListCard({ children }: { children: ReactNode }) {
  return <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">{children}</li>;
}
