/**
 * Companies whose name has a word starting with each search word, as a derived table to drive a query
 * from: the word index gives a few hundred rows for a typical word, joined to companies by primary key,
 * so search stays fast at any directory size. (The planner needs statistics to see this — see
 * refreshPlannerStatistics — or it walks the whole sort index and checks each company against the list.)
 */
import type { Knex } from 'knex';
import { prefixUpperBound } from '../../lib/search-tokens';

export function companyIdsMatchingWords(db: Knex, tokens: readonly string[]): Knex.QueryBuilder {
  const [first, ...rest] = tokens;
  if (first === undefined) throw new Error('companyIdsMatchingWords needs at least one word');
  const matches = db({ t: 'company_search_tokens' })
    .distinct('t.company_id')
    .where('t.token', '>=', first)
    .andWhere('t.token', '<', prefixUpperBound(first));
  for (const token of rest) {
    matches.whereIn(
      't.company_id',
      db('company_search_tokens')
        .select('company_id')
        .where('token', '>=', token)
        .andWhere('token', '<', prefixUpperBound(token)),
    );
  }
  return matches;
}

/** `companies c` restricted to the matching companies, joined from the word index. */
export function companiesMatchingWords(db: Knex, tokens: readonly string[]): Knex.QueryBuilder {
  return db
    .from(companyIdsMatchingWords(db, tokens).as('m'))
    .join({ c: 'companies' }, 'c.id', 'm.company_id');
}
