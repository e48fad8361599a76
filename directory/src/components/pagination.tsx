/** Numbered page links (plain links, so paging works without scripts); each page has its own URL. */
import { Link } from 'react-router-dom';

/** The pages to show around the current one, with gaps (null) where numbers are skipped. */
export function pageWindow(page: number, totalPages: number, radius = 2): Array<number | null> {
  const pages = new Set<number>([1, totalPages]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) result.push(null);
    result.push(p);
  });
  return result;
}

const linkClass =
  'inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium';

export function Pagination({
  page,
  totalPages,
  hrefFor,
  label = 'Pagination',
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link
              to={hrefFor(page - 1)}
              rel="prev"
              className={`${linkClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
            >
              Previous
            </Link>
          </li>
        ) : null}
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                className={`${linkClass} ${
                  p === page
                    ? 'border-blue-700 bg-blue-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < totalPages ? (
          <li>
            <Link
              to={hrefFor(page + 1)}
              rel="next"
              className={`${linkClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
            >
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
