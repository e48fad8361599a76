/** The visible breadcrumb trail; pages pass the same crumbs to <Seo> for the BreadcrumbList JSON-LD. */
import { Link } from 'react-router-dom';
import type { Crumb } from '../lib/seo/structured-data';

export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${index}`} className="flex items-center gap-2">
              {index > 0 ? (
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              ) : null}
              {last || crumb.to === undefined ? (
                <span
                  aria-current={last ? 'page' : undefined}
                  className="font-medium text-slate-900"
                >
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.to}
                  className="underline-offset-2 hover:text-blue-800 hover:underline"
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
