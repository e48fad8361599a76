/** Home section 9: why use the directory. */
import { ScaleIcon, ShieldCheckIcon, StarIcon } from '../../../components/icons';

const POINTS = [
  {
    title: 'Verified Companies',
    Icon: ShieldCheckIcon,
    text: 'Listings carry each mover’s contact details, service area and, where published, its USDOT and MC numbers, so you can check a company before you book.',
  },
  {
    title: 'Compare Quotes',
    Icon: ScaleIcon,
    text: 'Describe your move once and receive free quotes from several movers, then compare prices, services and dates side by side.',
  },
  {
    title: 'Read Reviews',
    Icon: StarIcon,
    text: 'Ratings and reviews from customers show how each company handles real moves, from the first call to the last box.',
  },
] as const;

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-heading" className="bg-blue-950 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="why-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Why Choose Our Directory
        </h2>
        <ul className="mt-8 grid gap-8 md:grid-cols-3">
          {POINTS.map(({ title, Icon, text }) => (
            <li key={title}>
              <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-white/10 text-orange-300">
                <Icon className="h-6 w-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-blue-100">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
