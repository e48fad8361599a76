/** Home section 1: the page heading with the three main destinations. */
import { Link } from 'react-router-dom';

const LINKS = [
  { to: '/calculator', label: 'Moving Cost Calculator', primary: false },
  { to: '/moving-companies', label: 'Company Directory', primary: false },
  { to: '/get-quotes', label: 'Get Free Quotes', primary: true },
] as const;

export function HomeIntro({ siteName }: { siteName: string }) {
  return (
    <section aria-labelledby="home-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 pt-10 pb-6 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{siteName}</p>
        <h1
          id="home-heading"
          className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
        >
          Find Trusted Moving Companies Across the United States
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">
          Compare local and long-distance movers, estimate what your move will cost, and request
          free quotes from companies that serve your route.
        </p>
        <ul className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className={`block rounded-lg px-5 py-3 text-center text-sm font-semibold shadow-sm ${
                  link.primary
                    ? 'bg-orange-700 text-white hover:bg-orange-800'
                    : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
