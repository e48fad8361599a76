/** The heart of a state or city page: the call to get quotes, the place's movers and its statistics. */
import { Link } from 'react-router-dom';
import {
  type Company,
  type DirectoryStatistics,
  type MoveDestination,
} from '@moveratlas/contracts';
import type { ListParams } from '../../lib/listing';
import { CompanyList } from '../company-list';
import { PlaceStatistics } from './place-statistics';

export function PlaceMovers({
  placeName,
  path,
  params,
  page,
  statistics,
  destinations,
}: {
  /** The state's or city's name, as in "{placeName} Movers". */
  placeName: string;
  /** The page's own path; the list's form and page links go there. */
  path: string;
  params: ListParams;
  page: { companies: readonly Company[]; total: number };
  statistics: DirectoryStatistics;
  destinations: readonly MoveDestination[];
}) {
  return (
    <>
      <p className="mt-5">
        <Link
          to="/get-quotes"
          className="inline-block rounded-lg bg-orange-700 px-5 py-3 text-sm font-semibold text-white hover:bg-orange-800"
        >
          Get Free Quotes
        </Link>
      </p>

      <CompanyList
        path={path}
        params={params}
        companies={page.companies}
        total={page.total}
        headingId="companies-heading"
        heading={`${placeName} Movers`}
      />

      <PlaceStatistics placeName={placeName} statistics={statistics} destinations={destinations} />
    </>
  );
}
