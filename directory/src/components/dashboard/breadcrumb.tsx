/** The way back from a screen to the list it belongs to. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { linkClass } from './classes';

export function Breadcrumb({
  parent,
  current,
}: {
  parent: { to: string; label: string };
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <Link to={parent.to} className={linkClass}>
        {parent.label}
      </Link>{' '}
      <span aria-hidden="true" className="text-slate-400">
        /
      </span>{' '}
      <span className="text-slate-700">{current}</span>
    </nav>
  );
}

/** "All companies": the way back to the list, above a screen's heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </p>
  );
}
