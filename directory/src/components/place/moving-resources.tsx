/** Links from a state or city page to the site's moving resources. */
import { Link } from 'react-router-dom';

const RESOURCES = [
  { to: '/get-quotes', title: 'Get free quotes', text: 'Compare prices from movers near you.' },
  {
    to: '/calculator',
    title: 'Moving cost calculator',
    text: 'Estimate your move by size and distance.',
  },
  { to: '/guides', title: 'Moving guides', text: 'Checklists and step-by-step advice.' },
  { to: '/resources', title: 'Location resources', text: 'Utilities, DMV and local information.' },
] as const;

export function MovingResources({ placeName }: { placeName: string }) {
  return (
    <section aria-labelledby="resources-heading" className="mt-12">
      <h2 id="resources-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {placeName} Moving Resources
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {RESOURCES.map((resource) => (
          <li key={resource.to}>
            <Link
              to={resource.to}
              className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-700"
            >
              <span className="font-semibold text-blue-800">{resource.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{resource.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
