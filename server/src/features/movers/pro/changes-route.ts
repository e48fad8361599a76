/**
 * GET /api/pro/companies/:companyId/changes: the company's change history for its owners — every audit row
 * concerning it (audit_events.company_id), newest first, a page at a time, with who, when, what and the
 * fields before and after. A change by a mover names their e-mail address; one by staff says "MoverAtlas
 * staff" and never which of them (nor anyone's IP address).
 */
import { Router } from 'express';
import {
  PRO_CHANGES_PAGE_SIZE,
  PRO_STAFF_ACTOR,
  proChangesQuerySchema,
  type ProChangesPage,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { parseInput } from '../../../lib/validate';
import { requireProOwner, type ProCompanyLocals } from '../pro-gate';

interface Row {
  id: number | string;
  created_at: string;
  actor_kind: string;
  actor_username: string;
  action: string;
  summary: string;
  before_json: string | null;
  after_json: string | null;
}

const fields = (text: string | null): Record<string, unknown> | null => {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

export function proChangesRoutes({ db }: ProContext): Router {
  const router = Router();
  router.get('/changes', requireProOwner, async (req, res) => {
    const { page } = parseInput(proChangesQuerySchema, req.query, 'query');
    const companyId = (res.locals as ProCompanyLocals).proCompany.id;
    const [rows, count] = await Promise.all([
      db('audit_events')
        .where({ company_id: companyId })
        .orderBy('id', 'desc')
        .limit(PRO_CHANGES_PAGE_SIZE)
        .offset((page - 1) * PRO_CHANGES_PAGE_SIZE)
        .select(
          'id',
          'created_at',
          'actor_kind',
          'actor_username',
          'action',
          'summary',
          'before_json',
          'after_json',
        ) as Promise<Row[]>,
      db('audit_events').where({ company_id: companyId }).count({ n: '*' }).first() as Promise<
        { n: number | string } | undefined
      >,
    ]);
    const answer: ProChangesPage = {
      items: rows.map((row) => {
        const byStaff = row.actor_kind !== 'mover';
        return {
          id: Number(row.id),
          createdAt: row.created_at,
          who: byStaff ? PRO_STAFF_ACTOR : row.actor_username,
          byStaff,
          action: row.action,
          summary: byStaff ? anonymised(row.summary, row.actor_username) : row.summary,
          before: fields(row.before_json),
          after: fields(row.after_json),
        };
      }),
      total: Number(count?.n ?? 0),
      page,
      limit: PRO_CHANGES_PAGE_SIZE,
    };
    res.json(answer);
  });
  return router;
}

/** A staff row's summary with the staff member's username taken out, should it name them. */
function anonymised(summary: string, username: string): string {
  if (!username) return summary;
  return summary.split(username).join(PRO_STAFF_ACTOR);
}
