/** Shared by the profile analytics tests: a company of their own, beacons as a browser sends them, the counts. */
import type { Knex } from 'knex';

/** A current desktop Chrome: what a visitor's beacon says it is. */
export const BROWSER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A listed (or unlisted) company in the city of a seeded one; its id. Deleting it deletes its counts. */
export async function insertCompany(
  db: Knex,
  slug: string,
  { listed = true }: { listed?: boolean } = {},
): Promise<number> {
  const place = (await db('companies').first('city_id', 'state_id')) as {
    city_id: number;
    state_id: number;
  };
  await db('companies').insert({
    slug,
    name: `Activity Test ${slug}`,
    city_id: place.city_id,
    state_id: place.state_id,
    is_in_list: listed,
  });
  const row = (await db('companies').where({ slug }).first('id')) as { id: number | string };
  return Number(row.id);
}

/** POSTs one activity report as the profile does: JSON text, as navigator.sendBeacon sends a string. */
export function sendBeacon(
  baseUrl: string,
  slug: string,
  body: unknown,
  {
    agent = BROWSER_AGENT,
    contentType = 'text/plain;charset=UTF-8',
    from,
  }: { agent?: string; contentType?: string; from?: string } = {},
): Promise<Response> {
  return fetch(`${baseUrl}/api/companies/${slug}/activity`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      'user-agent': agent,
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A company's counts by kind, over every day. */
export async function countsOf(db: Knex, companyId: number): Promise<Record<string, number>> {
  const rows = (await db('company_daily_activity')
    .where({ company_id: companyId })
    .groupBy('kind')
    .select('kind')
    .sum({ n: 'count' })) as Array<{ kind: string; n: number | string }>;
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}

/** The UTC day of an instant, as the server names it. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
