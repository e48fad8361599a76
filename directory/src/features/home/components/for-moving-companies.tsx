/**
 * Home section 12: the pitch to moving companies (issue 17), leading to the real flows (claim a listing
 * found through the search, apply to be listed, sign in to the dashboard), beside a preview of the dashboard
 * drawn in HTML and CSS: the overview's layout, its counts as blank bars (no made-up numbers) and a small
 * chart, hidden from assistive technology and captioned as a preview.
 */
import { Link } from 'react-router-dom';

const BENEFITS = [
  'Be found by people planning a move in your service area',
  'Receive and manage quote requests in one place',
  'See how many visitors view, compare and contact you',
] as const;

/**
 * The overview's counts, as their labels and a blank bar where the number would be. Sizes are classes, not
 * style attributes: the site's Content-Security-Policy (style-src 'self') refuses inline styles.
 */
const PREVIEW_COUNTS = [
  ['Leads this week', 'w-[45%]'],
  ['Profile views', 'w-[75%]'],
  ['Quote clicks', 'w-[60%]'],
] as const;
/** The chart's columns, as shares of its height: a shape, not data. */
const PREVIEW_COLUMNS = [
  'h-[35%]',
  'h-[55%]',
  'h-[45%]',
  'h-[70%]',
  'h-[60%]',
  'h-[85%]',
  'h-[75%]',
] as const;
const PREVIEW_MENU = ['Overview', 'Leads', 'Profile', 'Reviews', 'Team'] as const;

/** A drawing of the dashboard's overview, for sighted visitors; its caption says what it is. */
function DashboardPreview() {
  return (
    <figure
      aria-labelledby="dashboard-preview-caption"
      className="rounded-2xl bg-white p-3 text-slate-900 shadow-xl ring-1 ring-slate-200 sm:p-4"
    >
      <div
        aria-hidden="true"
        className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
      >
        <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
          <span className="h-2.5 w-2.5 rounded-full bg-orange-400" />
          <span className="text-xs font-bold">
            Dashboard <span className="font-medium text-blue-700">for Movers</span>
          </span>
          <span className="ml-auto rounded-full bg-blue-100 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-blue-800 uppercase">
            Preview
          </span>
        </div>
        <div className="flex">
          <ul className="hidden w-24 shrink-0 space-y-1 border-r border-slate-200 bg-white p-2 text-[11px] sm:block">
            {PREVIEW_MENU.map((item, i) => (
              <li
                key={item}
                className={`rounded px-2 py-1 ${i === 0 ? 'bg-blue-50 font-semibold text-blue-800' : 'text-slate-600'}`}
              >
                {item}
              </li>
            ))}
          </ul>
          <div className="min-w-0 flex-1 space-y-3 p-3">
            <p className="text-sm font-semibold">Overview</p>
            <div className="grid grid-cols-3 gap-2">
              {PREVIEW_COUNTS.map(([label, width]) => (
                <div key={label} className="rounded-lg border border-slate-200 bg-white p-2">
                  <p className="truncate text-[10px] text-slate-600">{label}</p>
                  <div className={`mt-1.5 h-3 rounded bg-blue-700/80 ${width}`} />
                </div>
              ))}
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-2">
              <p className="text-[10px] text-slate-600">Leads by week</p>
              <div className="mt-2 flex h-20 items-end gap-1.5 border-b border-slate-200">
                {PREVIEW_COLUMNS.map((height, i) => (
                  <div key={i} className={`flex-1 rounded-t bg-blue-500 ${height}`} />
                ))}
              </div>
            </div>
          </div>
        </div>
      </div>
      <figcaption
        id="dashboard-preview-caption"
        className="mt-2 text-center text-xs text-slate-600"
      >
        Preview of the company dashboard: an illustration, not live data
      </figcaption>
    </figure>
  );
}

export function ForMovingCompanies() {
  return (
    <section
      aria-labelledby="for-companies-heading"
      className="bg-gradient-to-br from-blue-900 to-blue-950 text-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <h2 id="for-companies-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            For Moving Companies
          </h2>
          <p className="mt-3 text-lg text-blue-100">
            Claim your listing, or apply to be listed, and reach customers when they are choosing a
            mover. Your dashboard shows your leads, profile views and reviews.
          </p>
          <ul className="mt-6 space-y-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full bg-orange-400"
                />
                {benefit}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link
              to="/search"
              className="inline-block rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800"
            >
              Claim Your Listing
            </Link>
            <Link
              to="/list-your-company"
              className="inline-block rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10"
            >
              List Your Moving Company
            </Link>
          </div>
          <p className="mt-4 text-sm text-blue-100">
            Already manage your company here?{' '}
            <Link
              to="/pro/login"
              className="font-semibold text-white underline hover:text-blue-100"
            >
              Sign in to your dashboard
            </Link>
          </p>
        </div>
        <DashboardPreview />
      </div>
    </section>
  );
}
