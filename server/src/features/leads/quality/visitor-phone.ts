/**
 * A visitor's phone number must be a US number in use before a lead is accepted (issue 18): movers call it.
 * The 555-01xx range kept for fiction is the sample data's, and a test partner's (the QA suites) may send it.
 */
import type { Knex } from 'knex';
import { isFictionalUsPhone, visitorPhoneProblem } from '@moveratlas/contracts';
import { badRequest } from '../../../lib/http-error';
import { testSiteIds } from '../../partners';

export async function checkVisitorPhone(db: Knex, phone: string, siteId: string): Promise<void> {
  const problem = visitorPhoneProblem(phone);
  if (problem === null) return;
  if (isFictionalUsPhone(phone) && (await testSiteIds(db, [siteId])).has(siteId)) return;
  throw badRequest(problem);
}
