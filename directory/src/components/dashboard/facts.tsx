/** A record's label/value list (a lead, a message, an e-mail): two columns from tablet width, empty values as a dash. */
import type { ReactNode } from 'react';

export function Facts({
  items,
  className = '',
}: {
  items: Array<[string, ReactNode]>;
  className?: string;
}) {
  return (
    <dl className={`grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr] ${className}`}>
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900 [overflow-wrap:anywhere]">
            {value === null || value === undefined || value === '' ? '—' : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
