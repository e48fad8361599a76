/**
 * The staff's red-flag report (issue 20): every listed company assessed by the contracts' one rule
 * (assessLicensing over the facts we hold), a page of 500 companies read at a time, so the counts per flag
 * cover the whole directory; then one page of the companies with the chosen flag, by name.
 */
import type { Knex } from 'knex';
import {
  assessLicensing,
  RED_FLAG_REPORT_PAGE_SIZE,
  RED_FLAGS,
  type RedFlag,
  type RedFlagCompany,
  type RedFlagReport,
  type RedFlagReportQuery,
} from '@moveratlas/contracts';
import { factsOfCompanies, newestCensusDate, todayIso } from '../../../licensing';
import { licensingNumbers, servicesByCompany, withPlace } from '../../company-row';
import { yieldToServer } from '../../../../lib/time-slice';

const SCAN_PAGE = 500;

interface Assessed {
  id: number;
  name: string;
  redFlags: RedFlag[];
  badge: RedFlagCompany['badge'];
  checkedOn: string | null;
}

/** Every listed company with at least one red flag, with its assessment. */
async function flaggedCompanies(
  db: Knex,
  today: string,
): Promise<{ listed: number; flagged: Assessed[] }> {
  const flagged: Assessed[] = [];
  let listed = 0;
  for (let afterId = 0; ;) {
    const rows = (await db('companies')
      .where('is_in_list', true)
      .andWhere('id', '>', afterId)
      .orderBy('id')
      .limit(SCAN_PAGE)
      .select('id', 'name', 'usdot_number', 'mc_number')) as Array<{
      id: number;
      name: string;
      usdot_number: string | null;
      mc_number: string | null;
    }>;
    if (rows.length === 0) break;
    listed += rows.length;
    afterId = Number(rows.at(-1)!.id);
    const companies = rows.map((row) => ({ ...row, id: Number(row.id) }));
    const services = await servicesByCompany(
      db,
      companies.map((c) => c.id),
    );
    const facts = await factsOfCompanies(
      db,
      companies.map((row) => licensingNumbers(row, services)),
    );
    for (const company of companies) {
      const { redFlags, badge, checkedOn } = assessLicensing(facts.get(company.id)!, today);
      if (redFlags.length > 0)
        flagged.push({ id: company.id, name: company.name, redFlags, badge, checkedOn });
    }
    // A large directory is read in slices: public requests are answered between them.
    await yieldToServer();
  }
  return { listed, flagged };
}

export async function redFlagReport(
  db: Knex,
  query: RedFlagReportQuery,
  today = todayIso(),
): Promise<RedFlagReport> {
  const [{ listed, flagged }, censusDate] = await Promise.all([
    flaggedCompanies(db, today),
    newestCensusDate(db),
  ]);
  const counts = Object.fromEntries(RED_FLAGS.map((flag) => [flag, 0])) as Record<RedFlag, number>;
  for (const company of flagged) for (const flag of company.redFlags) counts[flag]++;
  const chosen = (
    query.flag ? flagged.filter((c) => c.redFlags.includes(query.flag!)) : flagged
  ).sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id);
  const limit = RED_FLAG_REPORT_PAGE_SIZE;
  const page = chosen.slice((query.page - 1) * limit, query.page * limit);
  const places = new Map(
    (
      (await withPlace(db({ c: 'companies' }))
        .whereIn(
          'c.id',
          page.map((c) => c.id),
        )
        .select(
          'c.id',
          'c.slug',
          'c.usdot_number',
          'c.mc_number',
          'ci.name as city',
          's.abbreviation as state',
        )) as Array<{
        id: number;
        slug: string;
        usdot_number: string | null;
        mc_number: string | null;
        city: string;
        state: string;
      }>
    ).map((row) => [Number(row.id), row]),
  );
  const items: RedFlagCompany[] = page.flatMap((company) => {
    const place = places.get(company.id);
    // Deleted between the scan and this read: left out rather than shown half.
    if (!place) return [];
    return [
      {
        id: company.id,
        name: company.name,
        slug: place.slug,
        city: place.city,
        state: place.state,
        usdotNumber: place.usdot_number?.trim() || null,
        mcNumber: place.mc_number?.trim() || null,
        redFlags: company.redFlags,
        badge: company.badge,
        checkedOn: company.checkedOn,
      },
    ];
  });
  return {
    items,
    total: chosen.length,
    page: query.page,
    limit,
    counts,
    listed,
    flagged: flagged.length,
    censusDate,
  };
}
