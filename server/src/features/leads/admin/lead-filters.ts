/**
 * The admin lead filters and sorts, applied to a query on `leads`: shared by the list and the CSV export so
 * the export is exactly the filtered list. Every value is bound; sorts come from a whitelist.
 */
import type { Knex } from 'knex';
import type { AdminLeadFilters, AdminLeadListQuery } from '@moveratlas/contracts';
import { dialectOf } from '../../../db/dialect';
import { LIKE_ESCAPE, likeContains } from '../../../lib/sql-like';
import { LEAD_FORWARD_JOB } from '../outbox';
import { dayStart, GAVE_UP_JOB_STATUSES, nextDay } from './lead-rows';

/** The public lead id alphabet (Crockford base32, upper case). */
const PUBLIC_ID = /^[0-9A-HJKMNP-TV-Z]{6,16}$/;

/** Leads whose forwarding job is in one of `statuses` (the job's payload names the lead). */
function whereForwardJob(
  db: Knex,
  qb: Knex.QueryBuilder,
  statuses: readonly string[],
  exists: boolean,
): void {
  const dialect = dialectOf(db);
  const payloadIsLead = `jobs.payload = ${dialect.concat('?', 'leads.id', '?')}`;
  const subquery = db('jobs')
    .select(db.raw('1'))
    .where('jobs.type', LEAD_FORWARD_JOB)
    .whereIn('jobs.status', statuses)
    .whereRaw(payloadIsLead, ['{"leadId":', '}']);
  if (exists) qb.whereExists(subquery);
  else qb.whereNotExists(subquery);
}

export function applyLeadFilters(
  db: Knex,
  qb: Knex.QueryBuilder,
  filters: AdminLeadFilters,
): Knex.QueryBuilder {
  if (filters.status) qb.where('leads.status', filters.status);
  if (filters.from) qb.where('leads.created_at', '>=', dayStart(filters.from));
  if (filters.to) qb.where('leads.created_at', '<', dayStart(nextDay(filters.to)));
  // The abbreviation the intake derived from the state as typed ("Texas", "tx"): an indexed equality.
  if (filters.state) qb.where('leads.from_state_code', filters.state.toUpperCase());
  if (filters.moveSize) qb.where('leads.move_size', filters.moveSize);
  if (filters.siteId) qb.where('leads.site_id', filters.siteId);
  if (filters.q) {
    // Every word must match a name, the e-mail or (exactly) the public id: "ada lovelace" finds Ada Lovelace.
    for (const word of filters.q.split(/\s+/).filter(Boolean).slice(0, 5)) {
      const pattern = likeContains(word);
      qb.where((w) => {
        w.whereRaw(`leads.first_name LIKE ? ${LIKE_ESCAPE}`, [pattern])
          .orWhereRaw(`leads.last_name LIKE ? ${LIKE_ESCAPE}`, [pattern])
          .orWhereRaw(`leads.email LIKE ? ${LIKE_ESCAPE}`, [pattern]);
        if (PUBLIC_ID.test(word.toUpperCase())) w.orWhere('leads.public_id', word.toUpperCase());
      });
    }
  }
  if (filters.delivery === 'delivered') qb.where('leads.delivery_status', 'delivered');
  if (filters.delivery === 'pending') {
    qb.whereNot('leads.delivery_status', 'delivered').whereNot('leads.delivery_status', 'dead');
    whereForwardJob(db, qb, GAVE_UP_JOB_STATUSES, false);
  }
  if (filters.delivery === 'dead') {
    qb.whereNot('leads.delivery_status', 'delivered').where((w) => {
      w.where('leads.delivery_status', 'dead').orWhere((j) =>
        whereForwardJob(db, j, GAVE_UP_JOB_STATUSES, true),
      );
    });
  }
  // What arrival stored (the column is null when nothing was found) and the repeat link: what qualityFlags
  // reads, but for the sample phone range, which it reads from the number as typed (any punctuation). Neither
  // engine can strip every non-digit portably, so this filter leaves sample phones out, as its options say.
  if (filters.quality === 'flagged')
    qb.where((w) => w.whereNotNull('leads.quality').orWhereNotNull('leads.repeat_of_lead_id'));
  if (filters.quality === 'unflagged')
    qb.whereNull('leads.quality').whereNull('leads.repeat_of_lead_id');
  return qb;
}

/** ORDER BY for a whitelisted sort; the id breaks ties so pages never overlap. */
export function applyLeadSort(
  db: Knex,
  qb: Knex.QueryBuilder,
  sort: AdminLeadListQuery['sort'] = 'created_at',
  dir: AdminLeadListQuery['dir'] = sort === 'created_at' ? 'desc' : 'asc',
): Knex.QueryBuilder {
  const direction = dir === 'desc' ? 'desc' : 'asc';
  switch (sort) {
    case 'name':
      qb.orderBy([
        { column: 'leads.last_name', order: direction },
        { column: 'leads.first_name', order: direction },
      ]);
      break;
    case 'email':
      qb.orderBy('leads.email', direction);
      break;
    case 'status':
      qb.orderBy('leads.status', direction);
      break;
    case 'from_state':
      // By the state, not by how it was spelled: "IL" and "Illinois" sort together.
      qb.orderBy('leads.from_state_code', direction);
      break;
    case 'move_date': {
      // Stored as MM/DD/YYYY (the backend's format): sort by year, month, day.
      const dialect = dialectOf(db);
      const ymd = dialect.concat(
        'SUBSTR(leads.move_date, 7, 4)',
        'SUBSTR(leads.move_date, 1, 2)',
        'SUBSTR(leads.move_date, 4, 2)',
      );
      qb.orderByRaw(`${ymd} ${direction}`);
      break;
    }
    default:
      qb.orderBy('leads.created_at', direction);
  }
  return qb.orderBy('leads.id', direction);
}
