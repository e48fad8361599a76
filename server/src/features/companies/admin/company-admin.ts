/** One company in the admin area: its detail, a save from the form (create or edit), the toggles and delete. */
import type { Knex } from 'knex';
import {
  COMPANY_FIELD_LABELS,
  type AdminCompanyDetail,
  type CompanyFlags,
  type CompanyInput,
  type CompanyValues,
  type ReviewStatus,
  REVIEW_STATUSES,
} from '@moveratlas/contracts';
import { isUniqueViolation } from '../../../db/dialect';
import { HttpError, badRequest, notFound } from '../../../lib/http-error';
import { changedFields, staleWrite } from '../../../lib/http/stale-write';
import { parsePhotoUrls, type CompanyRow } from '../company-row';
import {
  allocateSlugs,
  insertCompanies,
  isoTimestamp,
  PlaceResolver,
  timestampNow,
  updateCompanies,
  type ExistingCompany,
} from './company-store';

/** A company's own columns (as the public pages read them), its timestamps, and its city and state. */
type DetailRow = Omit<
  CompanyRow,
  'city_name' | 'city_slug' | 'state_name' | 'state_slug' | 'state_abbreviation'
> & {
  created_at: string | Date;
  updated_at: string | Date;
  version: number | string;
  city: string;
  state: string;
};

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function companyDetail(db: Knex, id: number): Promise<AdminCompanyDetail> {
  const row = (await db({ c: 'companies' })
    .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
    .join({ s: 'states' }, 's.id', 'c.state_id')
    .where('c.id', id)
    .first('c.*', 'ci.name as city', 's.abbreviation as state')) as DetailRow | undefined;
  if (!row) throw notFound(`No company with id ${id}`);
  const [services, statuses, formerSlugs] = await Promise.all([
    db({ cs: 'company_services' })
      .join({ sv: 'services' }, 'sv.id', 'cs.service_id')
      .where('cs.company_id', id)
      .orderBy('sv.sort_order')
      .pluck('sv.id') as Promise<string[]>,
    db('reviews')
      .where('company_id', id)
      .groupBy('status')
      .select('status')
      .count({ n: '*' }) as Promise<Array<{ status: string; n: number | string }>>,
    db('company_slug_history')
      .where('company_id', id)
      .orderBy([
        { column: 'replaced_at', order: 'desc' },
        { column: 'slug', order: 'asc' },
      ])
      .select('slug', 'replaced_at') as Promise<
      Array<{ slug: string; replaced_at: string | Date }>
    >,
  ]);
  const reviewsByStatus = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<
    ReviewStatus,
    number
  >;
  for (const s of statuses)
    if ((REVIEW_STATUSES as readonly string[]).includes(s.status))
      reviewsByStatus[s.status as ReviewStatus] = Number(s.n);
  const values: CompanyValues = {
    slug: row.slug,
    name: row.name,
    description: row.description,
    website: row.website,
    phone: row.phone,
    email: row.email,
    logo: row.logo,
    photo_urls: parsePhotoUrls(row.photo_urls),
    street: row.street,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    lat: numberOrNull(row.lat),
    lng: numberOrNull(row.lng),
    usdot_number: row.usdot_number,
    mc_number: row.mc_number,
    founded_year: numberOrNull(row.founded_year),
    service_area: row.service_area,
    service_radius_miles: numberOrNull(row.service_radius_miles),
    services,
    is_featured: Boolean(row.is_featured),
    is_in_list: Boolean(row.is_in_list),
  };
  return {
    id: Number(row.id),
    values,
    rating: numberOrNull(row.rating),
    reviewCount: Number(row.review_count),
    reviewsByStatus,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
    version: Number(row.version),
    formerSlugs: formerSlugs.map((f) => ({
      slug: f.slug,
      replacedAt: isoTimestamp(f.replaced_at),
    })),
  };
}

async function existingCompany(
  db: Knex | Knex.Transaction,
  id: number,
): Promise<(ExistingCompany & { version: number }) | undefined> {
  const row = (await db('companies')
    .where('id', id)
    .first('id', 'slug', 'usdot_number', 'city_id', 'zip_code', 'version')) as
    (ExistingCompany & { version: number }) | undefined;
  return (
    row && {
      ...row,
      id: Number(row.id),
      city_id: Number(row.city_id),
      version: Number(row.version),
    }
  );
}

/** 409 when another company already has the slug or the USDOT number. */
async function checkKeys(
  db: Knex | Knex.Transaction,
  input: CompanyInput,
  slug: string | null,
  exceptId: number | null,
): Promise<void> {
  if (slug) {
    const other = (await db('companies').where('slug', slug).first('id')) as
      { id: number } | undefined;
    if (other && Number(other.id) !== exceptId)
      throw new HttpError(409, `Slug "${slug}" is already used by another company`);
    // Another company's old slug still leads to it (301): taking it would send its old links here.
    const former = (await db({ h: 'company_slug_history' })
      .join({ c: 'companies' }, 'c.id', 'h.company_id')
      .where('h.slug', slug)
      .first('c.id', 'c.name')) as { id: number; name: string } | undefined;
    if (former && Number(former.id) !== exceptId)
      throw new HttpError(
        409,
        `Slug "${slug}" was the address of ${former.name} before, and its old links still lead there: choose another`,
      );
  }
  if (input.usdot_number) {
    const other = (await db('companies')
      .where('usdot_number', input.usdot_number)
      .first('id', 'name')) as { id: number; name: string } | undefined;
    if (other && Number(other.id) !== exceptId)
      throw new HttpError(
        409,
        `USDOT number ${input.usdot_number} is already used by ${other.name} (id ${other.id})`,
      );
  }
}

/** Thrown inside a save's transaction when the company's version moved on: rolls back, becomes the 409. */
class StaleCompany extends Error {}

/** Two values of a field alike for the 409's list: a city's name in any case is the same city. */
const sameField = (field: string, a: unknown, b: unknown) =>
  field === 'city' && typeof a === 'string' && typeof b === 'string'
    ? a.trim().toLowerCase() === b.trim().toLowerCase()
    : JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Creates a company (id null) or updates one from a validated form, in `trx` when given (an application's
 * approval commits with it). Answers the id and slug; 400 for an unknown city, 404 for an unknown id, 409 for
 * a slug or USDOT number another company holds, and 409 with the company as saved now when `basedOnVersion`
 * is given and someone saved since (nothing written: docs/decisions/028).
 */
export async function saveCompany(
  db: Knex,
  input: CompanyInput,
  id: number | null,
  trx?: Knex.Transaction,
  basedOnVersion?: number,
): Promise<{ id: number; slug: string }> {
  const work = async (t: Knex.Transaction) => {
    const places = new PlaceResolver(t);
    await places.load([input]);
    const place = places.place(input);
    if (typeof place === 'string') throw badRequest(place);
    const now = timestampNow();
    if (id === null) {
      await checkKeys(t, input, input.slug ?? null, null);
      const slug =
        input.slug ??
        (await allocateSlugs(t, [{ name: input.name, citySlug: place.citySlug }], new Set()))[0]!;
      const [newId] = await insertCompanies(t, [{ input, place, slug }], places, now);
      return { id: newId!, slug };
    }
    const existing = await existingCompany(t, id);
    if (!existing) throw notFound(`No company with id ${id}`);
    if (basedOnVersion !== undefined && existing.version !== basedOnVersion)
      throw new StaleCompany();
    const slug = input.slug ?? existing.slug;
    await checkKeys(t, input, slug, id);
    const stale = await updateCompanies(
      t,
      [{ input, place, slug, existing, basedOnVersion }],
      places,
      now,
    );
    if (stale.length > 0) throw new StaleCompany();
    return { id, slug };
  };
  try {
    return trx ? await work(trx) : await db.transaction(work);
  } catch (error) {
    if (error instanceof StaleCompany && id !== null) {
      const current = await companyDetail(db, id);
      throw staleWrite(
        'this company',
        current,
        changedFields(
          input as Partial<Record<keyof CompanyValues, unknown>>,
          current.values,
          COMPANY_FIELD_LABELS,
          sameField,
        ),
      );
    }
    // Another admin took the slug or USDOT number between the check and the write.
    if (isUniqueViolation(error))
      throw new HttpError(409, 'The slug or USDOT number is already used by another company');
    throw error;
  }
}

/** The table's toggles, written only onto the version the table showed (409 with the company otherwise). */
export async function setCompanyFlags(db: Knex, id: number, flags: CompanyFlags): Promise<void> {
  const changes: Record<string, unknown> = {
    updated_at: timestampNow(),
    version: db.raw('?? + 1', ['version']),
  };
  if (flags.is_featured !== undefined) changes.is_featured = flags.is_featured;
  if (flags.is_in_list !== undefined) changes.is_in_list = flags.is_in_list;
  const updated = await db('companies').where({ id, version: flags.version }).update(changes);
  if (updated === 1) return;
  const current = await companyDetail(db, id); // 404 when it is gone
  const { version: _version, ...sent } = flags;
  throw staleWrite(
    'this company',
    current,
    changedFields(sent, current.values, {
      is_featured: COMPANY_FIELD_LABELS.is_featured,
      is_in_list: COMPANY_FIELD_LABELS.is_in_list,
    }),
  );
}

/** Deletes a company; its services, search words and reviews go with it (ON DELETE CASCADE). */
export async function deleteCompany(db: Knex, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const deleted = await trx('companies').where('id', id).delete();
    if (deleted === 0) throw notFound(`No company with id ${id}`);
    // The application that created it (no foreign key there) no longer points at it.
    await trx('company_applications').where('company_id', id).update({ company_id: null });
  });
}
