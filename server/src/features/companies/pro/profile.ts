/**
 * The mover's profile editor (issue 17): the listing's editable values, and a save. Description, services,
 * service area and radius, phone, website and hours are published at once (the version goes up, as with any
 * admin edit, so a form open on the old values gets 409 rather than overwriting); a different name, USDOT or
 * MC number becomes a change request for staff (change-requests.ts).
 */
import type { Knex } from 'knex';
import {
  parseWeeklyHours,
  PRO_PROFILE_FIELD_LABELS,
  type ChangeRequestFields,
  type ProChangeRequest,
  type ProProfile,
  type ProProfileUpdate,
  type ProProfileValues,
  type ServiceId,
} from '@moveratlas/contracts';
import { notFound } from '../../../lib/http-error';
import { changedFields as staleFields, staleWrite } from '../../../lib/http/stale-write';
import { timestampNow } from '../admin/company-store';
import { listCompanyImages, listLinkedPhotos } from '../media/image-store';
import { companyChangeRequests, requestChange } from './change-requests';

interface ProfileRow {
  id: number | string;
  slug: string;
  version: number | string;
  name: string;
  usdot_number: string | null;
  mc_number: string | null;
  description: string | null;
  service_area: string | null;
  service_radius_miles: number | string | null;
  phone: string | null;
  website: string | null;
  hours: string | null;
}

async function profileValues(
  db: Knex | Knex.Transaction,
  companyId: number,
): Promise<{ slug: string; version: number; values: ProProfileValues }> {
  const row = (await db('companies')
    .where('id', companyId)
    .first(
      'id',
      'slug',
      'version',
      'name',
      'usdot_number',
      'mc_number',
      'description',
      'service_area',
      'service_radius_miles',
      'phone',
      'website',
      'hours',
    )) as ProfileRow | undefined;
  if (!row) throw notFound('No such company');
  const services = (await db({ cs: 'company_services' })
    .join({ sv: 'services' }, 'sv.id', 'cs.service_id')
    .where('cs.company_id', companyId)
    .orderBy('sv.sort_order')
    .pluck('sv.id')) as ServiceId[];
  return {
    slug: row.slug,
    version: Number(row.version),
    values: {
      name: row.name,
      usdot_number: row.usdot_number,
      mc_number: row.mc_number,
      description: row.description,
      services,
      service_area: row.service_area,
      service_radius_miles:
        row.service_radius_miles === null ? null : Number(row.service_radius_miles),
      phone: row.phone,
      website: row.website,
      hours: parseWeeklyHours(row.hours),
    },
  };
}

/** GET …/profile: the values, the pictures (uploaded, and by address) and the change waiting for staff. */
export async function readProfile(
  db: Knex | Knex.Transaction,
  companyId: number,
): Promise<ProProfile> {
  const [{ slug, version, values }, images, linkedPhotos, requests] = await Promise.all([
    profileValues(db, companyId),
    listCompanyImages(db, companyId),
    listLinkedPhotos(db, companyId),
    companyChangeRequests(db, companyId),
  ]);
  return {
    companyId,
    slug,
    version,
    values,
    logo: images.logo,
    photos: images.photos,
    linkedPhotos,
    pendingChange: requests.pending,
    lastDecidedChange: requests.lastDecided,
  };
}

const DIRECT = [
  'description',
  'services',
  'service_area',
  'service_radius_miles',
  'phone',
  'website',
  'hours',
] as const;
type DirectField = (typeof DIRECT)[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface ProfileSaveResult {
  /** The published fields that changed, before and after; null when none did. */
  published: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
  /** The change request the save opened or added to; null when the reviewed fields were left as they are. */
  request: { request: ProChangeRequest; previous: ChangeRequestFields | null } | null;
}

/**
 * Saves a mover's edit in `trx`. 409 with the profile as it is now when its version is not the one the form
 * was loaded with (nothing written).
 */
export async function saveProfile(
  trx: Knex.Transaction,
  companyId: number,
  update: ProProfileUpdate,
  by: { moverId: number | null; name: string },
): Promise<ProfileSaveResult> {
  await trx('companies').where('id', companyId).forUpdate().first('id');
  const current = await profileValues(trx, companyId);
  if (current.version !== update.version) {
    const now = await readProfile(trx, companyId);
    throw staleWrite(
      'this profile',
      now,
      staleFields(update as Partial<Record<DirectField, unknown>>, now.values, {
        description: PRO_PROFILE_FIELD_LABELS.description,
        services: PRO_PROFILE_FIELD_LABELS.services,
        service_area: PRO_PROFILE_FIELD_LABELS.service_area,
        service_radius_miles: PRO_PROFILE_FIELD_LABELS.service_radius_miles,
        phone: PRO_PROFILE_FIELD_LABELS.phone,
        website: PRO_PROFILE_FIELD_LABELS.website,
        hours: PRO_PROFILE_FIELD_LABELS.hours,
      }),
    );
  }
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const columns: Record<string, unknown> = {};
  for (const field of DIRECT) {
    const value = update[field];
    if (value === undefined || same(value, current.values[field])) continue;
    before[field] = current.values[field];
    after[field] = value;
    if (field === 'hours') columns.hours = value === null ? null : JSON.stringify(value);
    else if (field !== 'services') columns[field] = value;
  }
  if (Object.keys(after).length > 0) {
    await trx('companies')
      .where('id', companyId)
      .update({
        ...columns,
        updated_at: timestampNow(),
        version: trx.raw('?? + 1', ['version']),
      });
    if (after.services !== undefined) {
      await trx('company_services').where('company_id', companyId).delete();
      const services = (update.services ?? []).map((service_id) => ({
        company_id: companyId,
        service_id,
      }));
      if (services.length > 0) await trx('company_services').insert(services);
    }
  }
  const request = await requestChange(
    trx,
    companyId,
    {
      name: current.values.name,
      usdot_number: current.values.usdot_number,
      mc_number: current.values.mc_number,
    },
    { name: update.name, usdot_number: update.usdot_number, mc_number: update.mc_number },
    by,
  );
  return { published: Object.keys(after).length > 0 ? { before, after } : null, request };
}
