/**
 * FMCSA facts for the licensing specs, written through the server's DB layer as an import leaves them: the
 * two files' import rows, census carriers and a revocation, each naming its file and date; and their removal.
 * The specs that use it run in the `chromium-licensing` project (playwright.config.ts says why).
 */
import type { Knex } from 'knex';
import { nameKey } from '@moveratlas/contracts';
import { SharedCaches } from '../../server/src/db/cache-versions';

export interface E2eFmcsaFiles {
  census: string;
  revocations: string;
  /** The date both files carry, YYYY-MM-DD. */
  date: string;
}

export interface E2eFmcsaImports extends E2eFmcsaFiles {
  censusId: number;
  revocationsId: number;
  now: number;
}

/** The two files' import rows, as if both had been imported (the census date the site reads). */
export async function recordFmcsaImports(db: Knex, files: E2eFmcsaFiles): Promise<E2eFmcsaImports> {
  const now = Date.now();
  const imported = async (kind: 'census' | 'revocations', filename: string) => {
    await db('licensing_imports').insert({
      kind,
      filename,
      file_date: files.date,
      file_date_source: 'typed',
      columns: '[]',
      status: 'succeeded',
      created_by: 'e2e',
      created_at: now,
      finished_at: now,
    });
    const row = (await db('licensing_imports').where({ filename }).first('id')) as { id: number };
    return Number(row.id);
  };
  return {
    ...files,
    censusId: await imported('census', files.census),
    revocationsId: await imported('revocations', files.revocations),
    now,
  };
}

/** A census carrier: interstate, authorized for hire, in Dallas, unless `overrides` say otherwise. */
export const e2eCarrier = (
  imports: E2eFmcsaImports,
  dot: number,
  legalName: string,
  overrides: Record<string, unknown> = {},
) => ({
  dot_number: dot,
  legal_name: legalName,
  legal_name_key: nameKey(legalName),
  carrier_operation: 'A',
  authorized_for_hire: true,
  private_only: false,
  exempt_for_hire: false,
  power_units: 4,
  drivers: 5,
  mcs150_date: '2026-02-01',
  phy_city: 'DALLAS',
  phy_state: 'TX',
  fact_hash: `e2e${dot}`,
  source_import_id: imports.censusId,
  source_file: imports.census,
  source_date: imports.date,
  last_seen_date: imports.date,
  updated_at: imports.now,
  ...overrides,
});

/** An involuntary revocation of a docket's common authority. */
export const e2eRevocation = (
  imports: E2eFmcsaImports,
  revocation: { docket: string; dot: number; serveDate: string; effectiveDate: string },
) => ({
  revocation_key: `e2e-${revocation.docket}`,
  docket: revocation.docket,
  dot_number: revocation.dot,
  authority_type: 'COMMON',
  serve_date: revocation.serveDate,
  revocation_type: 'INVOLUNTARY REVOCATION',
  effective_date: revocation.effectiveDate,
  fact_hash: `e2e-revocation-${revocation.docket}`,
  source_import_id: imports.revocationsId,
  source_file: imports.revocations,
  source_date: imports.date,
  last_seen_date: imports.date,
  updated_at: imports.now,
});

/** Removes the carriers, revocations and import rows a spec wrote. */
export async function removeFmcsaFacts(
  db: Knex,
  facts: { dots: readonly number[]; dockets: readonly string[]; files: E2eFmcsaFiles },
): Promise<void> {
  await db('licensing_company_matches').whereIn('dot_number', facts.dots).delete();
  await db('fmcsa_carriers').whereIn('dot_number', facts.dots).delete();
  await db('fmcsa_revocations').whereIn('docket', facts.dockets).delete();
  await db('licensing_imports')
    .whereIn('filename', [facts.files.census, facts.files.revocations])
    .delete();
}

/** As an import ends: every server process's public caches start again (within about a second). */
export const publicFactsChanged = (db: Knex) => SharedCaches.for(db).changed();
