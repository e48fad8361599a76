/** Home section 4: the four service cards, each linking to its service page. */
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import { SERVICES, type ServiceId } from '@moveratlas/contracts';
import {
  ArrowRightIcon,
  BoxIcon,
  BuildingIcon,
  RouteIcon,
  TruckIcon,
} from '../../../components/icons';

interface ServiceCard {
  id: ServiceId;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  summary: string;
}

const CARDS: readonly ServiceCard[] = [
  {
    id: 'local-moving',
    Icon: TruckIcon,
    summary:
      'Moves within your city or metro area, usually priced by the hour for the crew and the truck.',
  },
  {
    id: 'long-distance-moving',
    Icon: RouteIcon,
    summary:
      'Interstate and cross-country moves, priced by the weight of your shipment and the distance it travels.',
  },
  {
    id: 'commercial-moving',
    Icon: BuildingIcon,
    summary:
      'Office, retail and warehouse relocations planned around your business hours to keep downtime short.',
  },
  {
    id: 'packing-storage',
    Icon: BoxIcon,
    summary:
      'Professional packing and crating, plus short- or long-term storage for the days between homes.',
  },
];

const serviceName = (id: ServiceId): string =>
  SERVICES.find((service) => service.id === id)?.name ?? id;

export function ServiceCards() {
  return (
    <section
      aria-labelledby="services-heading"
      className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8"
    >
      <h2
        id="services-heading"
        className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        Moving Services
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">
        Whatever you are moving and however far, find companies that specialize in it.
      </p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
        {CARDS.map(({ id, Icon, summary }) => (
          <li key={id}>
            <Link
              to={`/services/${id}`}
              className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-blue-300 hover:shadow-md sm:p-6"
            >
              {/* On a phone the icon sits beside the name: four stacked cards, a screen shorter. */}
              <span className="flex items-center gap-3 sm:flex-col sm:items-start sm:gap-4">
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
                  <Icon className="h-6 w-6" />
                </span>
                <h3 className="text-lg font-semibold text-slate-900">{serviceName(id)}</h3>
              </span>
              <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{summary}</p>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-blue-800">
                Learn more
                <span className="sr-only"> about {serviceName(id)}</span>
                <ArrowRightIcon className="h-4 w-4 transition group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
