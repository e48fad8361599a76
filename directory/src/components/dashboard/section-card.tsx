/**
 * A titled section of a screen made of independent parts (settings, database): a card whose heading is the
 * section's accessible name, with room for actions beside the heading. The id is also its anchor.
 */
import { useId, type ReactNode } from 'react';
import { cardClass } from './classes';

export function SectionCard({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h3>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A smaller titled card within a screen (a lead's details, one chart's empty state). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}
