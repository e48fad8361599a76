/** A screen's sections as tabs (SEO Health, Licensing): links that mark the current one and scroll sideways on a phone. */
import { NavLink } from 'react-router-dom';

export interface SectionTab {
  to: string;
  label: string;
  /** Current only on this exact path (the screen's first section), not on the ones below it. */
  end: boolean;
}

export function SectionTabs({
  label,
  sections,
}: {
  label: string;
  sections: readonly SectionTab[];
}) {
  return (
    <nav aria-label={label} className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-slate-200 px-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${
                  isActive
                    ? 'border-blue-700 text-blue-800'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                }`
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
