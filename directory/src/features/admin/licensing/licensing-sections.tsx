/** The Licensing screens' section links (FMCSA imports, the red-flag report, new listings), as tabs. */
import { NavLink } from 'react-router-dom';

const SECTIONS = [
  { to: '/admin/licensing', label: 'FMCSA imports', end: true },
  { to: '/admin/licensing/red-flags', label: 'Red flags', end: false },
  { to: '/admin/licensing/census', label: 'New listings from the census', end: false },
];

export function LicensingSections() {
  return (
    <nav aria-label="Licensing sections" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-slate-200 px-1">
        {SECTIONS.map((section) => (
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
