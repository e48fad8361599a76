/**
 * New listings from FMCSA's census (issue 20), created only from what staff reviewed: each carrier they
 * ticked, with the name, city and services they checked, becomes a listed company through the admin's own
 * create path (validation, slug, the USDOT number's uniqueness), audited, then matched to its carrier.
 * Never automatic: nothing lists a carrier without a request naming it.
 */
import type { Knex } from 'knex';
import {
  CompanyInputSchema,
  stateByAbbreviation,
  type CensusListingValues,
  type CompanyInput,
} from '@moveratlas/contracts';
import { badRequest, HttpError } from '../../../../lib/http-error';
import type { AuditRecorder } from '../../../audit';
import { censusCarriersForListing } from '../../../licensing';
import { companyDetail, saveCompany } from '../company-admin';
import { PlaceResolver } from '../company-store';

type Listing = CensusListingValues;

export interface CreatedListing {
  dotNumber: number;
  id: number;
  name: string;
  slug: string;
}

const stateName = (abbreviation: string) => stateByAbbreviation(abbreviation)?.name ?? abbreviation;

/** Checks every listing before any is written: one refusal names the carrier and what is wrong, in words. */
async function checkedInputs(
  trx: Knex.Transaction,
  listings: readonly Listing[],
): Promise<Array<{ listing: Listing; input: CompanyInput }>> {
  const seen = new Set<number>();
  for (const listing of listings) {
    if (seen.has(listing.dotNumber))
      throw badRequest(`USDOT ${listing.dotNumber} is in the list twice: send each carrier once`);
    seen.add(listing.dotNumber);
  }
  const carriers = await censusCarriersForListing(
    trx,
    listings.map((l) => l.dotNumber),
  );
  const inputs: Array<{ listing: Listing; input: CompanyInput }> = [];
  const places = new PlaceResolver(trx);
  for (const listing of listings) {
    const carrier = carriers.get(listing.dotNumber);
    const who = `USDOT ${listing.dotNumber} (${listing.name})`;
    if (!carrier) throw badRequest(`${who} is not in the census we hold`);
    if (!carrier.authorizedForHire)
      throw badRequest(
        `${who} is not authorized for hire in the census: it cannot be listed as a mover`,
      );
    if (carrier.matched) throw new HttpError(409, `${who} is already matched to a company of ours`);
    const state = carrier.state ?? '';
    const city = (await trx({ ci: 'cities' })
      .join({ s: 'states' }, 's.id', 'ci.state_id')
      .where({ 's.abbreviation': state, 'ci.slug': listing.citySlug })
      .first('ci.name')) as { name: string } | undefined;
    if (!city)
      throw badRequest(
        `For ${who}: "${listing.citySlug}" is not a city of ${stateName(state)} in our directory; choose one of the list`,
      );
    const input = CompanyInputSchema.parse({
      name: listing.name,
      city: city.name,
      state,
      usdot_number: String(listing.dotNumber),
      services: listing.services,
      is_in_list: true,
      is_featured: false,
    });
    // Two places of one name in a state: the create path takes the one more people live in.
    await places.load([input]);
    const place = places.place(input);
    if (typeof place === 'string' || place.citySlug !== listing.citySlug)
      throw badRequest(
        `For ${who}: ${stateName(state)} has more than one ${city.name}; we list companies in the one at "${typeof place === 'string' ? listing.citySlug : place.citySlug}": choose that one`,
      );
    inputs.push({ listing, input });
  }
  return inputs;
}

/** Creates the listings in `trx` (all or none), recording one audit entry per company. */
export async function createCensusListings(
  trx: Knex.Transaction,
  listings: readonly Listing[],
  audit: AuditRecorder,
): Promise<CreatedListing[]> {
  const created: CreatedListing[] = [];
  for (const { listing, input } of await checkedInputs(trx, listings)) {
    const saved = await saveCompany(trx, input, null, trx);
    const { values } = await companyDetail(trx, saved.id);
    audit({
      action: 'company.census_create',
      entityType: 'company',
      entityId: saved.id,
      summary: `Listed ${values.name} from FMCSA’s census (USDOT ${listing.dotNumber}), reviewed by staff`,
      after: { ...values, source: 'fmcsa-census' },
      companyId: saved.id,
    });
    created.push({
      dotNumber: listing.dotNumber,
      id: saved.id,
      name: values.name,
      slug: saved.slug,
    });
  }
  return created;
}
