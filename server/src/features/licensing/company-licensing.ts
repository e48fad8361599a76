/**
 * Our companies' licensing as the public sees it: the cards' badge and the profile's Licensing panel, both
 * from the facts we hold (carrier-facts.ts) and the contracts' one rule for red flags (assessLicensing).
 */
import type { Knex } from 'knex';
import {
  assessLicensing,
  type CompanyLicensing,
  type LicensingBadgeView,
} from '@moveratlas/contracts';
import { factsOfCompanies, type CompanyNumbers } from './carrier-facts';

/** Today as the red flags count it (UTC, YYYY-MM-DD). */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** The badge of each company of a page (cards, lists, search). */
export async function licensingBadges(
  db: Knex,
  companies: readonly CompanyNumbers[],
  today = todayIso(),
): Promise<Map<number, LicensingBadgeView>> {
  const facts = await factsOfCompanies(db, companies);
  const badges = new Map<number, LicensingBadgeView>();
  for (const [id, fact] of facts) {
    const { badge, checkedOn } = assessLicensing(fact, today);
    badges.set(id, { badge, checkedOn });
  }
  return badges;
}

/** One company's Licensing panel: the facts with their sources, and the red flags read from them. */
export async function companyLicensing(
  db: Knex,
  company: CompanyNumbers,
  today = todayIso(),
): Promise<CompanyLicensing> {
  const facts = (await factsOfCompanies(db, [company])).get(company.id)!;
  return { facts, assessment: assessLicensing(facts, today) };
}
