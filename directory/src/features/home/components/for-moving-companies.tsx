/** Home section 12: the pitch to moving companies, with an illustrated (not real) dashboard. */
import { Link } from 'react-router-dom';

const BENEFITS = [
  'Be found by people planning a move in your service area',
  'Receive and manage quote requests in one place',
  'See how many visitors view, compare and contact you',
] as const;

/** A static drawing of a dashboard, marked as an illustration for assistive technology. */
function DashboardIllustration() {
  const bars = [40, 65, 52, 80, 70, 95, 88];
  return (
    <figure className="rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200">
      <svg
        viewBox="0 0 360 240"
        className="h-auto w-full"
        role="img"
        aria-labelledby="dashboard-illustration-title"
      >
        <title id="dashboard-illustration-title">
          Illustration of a company dashboard with lead counts, profile views and a weekly chart
        </title>
        <rect x="0" y="0" width="360" height="28" rx="6" className="fill-blue-900" />
        <circle cx="16" cy="14" r="5" className="fill-orange-400" />
        <rect x="30" y="10" width="80" height="8" rx="4" className="fill-blue-200" />
        {[0, 1, 2].map((i) => (
          <g key={i}>
            <rect
              x={12 + i * 116}
              y="40"
              width="104"
              height="56"
              rx="8"
              className="fill-slate-100"
            />
            <rect x={22 + i * 116} y="52" width="50" height="7" rx="3" className="fill-slate-300" />
            <rect
              x={22 + i * 116}
              y="68"
              width={36 + i * 10}
              height="16"
              rx="4"
              className="fill-blue-700"
            />
          </g>
        ))}
        <rect x="12" y="108" width="336" height="120" rx="8" className="fill-slate-50" />
        {bars.map((h, i) => (
          <rect
            key={i}
            x={32 + i * 44}
            y={216 - h}
            width="26"
            height={h}
            rx="4"
            className="fill-blue-500"
          />
        ))}
      </svg>
      <figcaption className="mt-2 text-center text-xs text-slate-500">
        Illustration — not live data
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
            List your company and reach customers when they are choosing a mover. A dashboard gives
            you visibility, lead management and analytics.
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
          <Link
            to="/list-your-company"
            className="mt-8 inline-block rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800"
          >
            List Your Moving Company
          </Link>
        </div>
        <DashboardIllustration />
      </div>
    </section>
  );
}
