/**
 * GET /api/pro/companies/:companyId/deliveries: the company's delivery log — every lead's e-mail and webhook
 * delivery, newest first, filtered by channel and status, a page at a time.
 */
import { Router } from 'express';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  PRO_DELIVERY_PAGE_SIZE,
  proDeliveryListQuerySchema,
  type DeliveryChannel,
  type DeliveryStatus,
  type ProDeliveryList,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { sqlTimestampToIso } from '../../../db/timestamps';
import { storedChoice } from '../../../lib/stored-json';
import { parseInput } from '../../../lib/validate';
import type { ProCompanyLocals } from '../../movers';

interface Row {
  id: number | string;
  lead_id: number | string;
  public_id: string;
  first_name: string;
  last_name: string;
  channel: string;
  status: string;
  attempts: number | string;
  detail: string | null;
  last_status_code: number | string | null;
  idempotency_key: string;
  created_at: number | string;
  delivered_at: number | string | null;
}

export function listDeliveriesRoute({ db }: ProContext): Router {
  return Router().get('/deliveries', async (req, res) => {
    const query = parseInput(proDeliveryListQuerySchema, req.query, 'query');
    const { proCompany } = res.locals as ProCompanyLocals;
    const filtered = () => {
      const qb = db('lead_deliveries as d').where('d.company_id', proCompany.id);
      if (query.channel) qb.where('d.channel', query.channel);
      if (query.status) qb.where('d.status', query.status);
      return qb;
    };
    const [counted, rows] = await Promise.all([
      filtered().count({ n: '*' }).first() as Promise<{ n: number | string }>,
      filtered()
        .join('leads as l', 'l.id', 'd.lead_id')
        .orderBy('d.id', 'desc')
        .limit(PRO_DELIVERY_PAGE_SIZE)
        .offset((query.page - 1) * PRO_DELIVERY_PAGE_SIZE)
        .select(
          'd.id',
          'd.lead_id',
          'l.public_id',
          'l.first_name',
          'l.last_name',
          'd.channel',
          'd.status',
          'd.attempts',
          'd.detail',
          'd.last_status_code',
          'd.idempotency_key',
          'd.created_at',
          'd.delivered_at',
        ) as Promise<Row[]>,
    ]);
    const answer: ProDeliveryList = {
      deliveries: rows.map((row) => ({
        id: Number(row.id),
        leadId: Number(row.lead_id),
        leadPublicId: row.public_id,
        customerName: `${row.first_name} ${row.last_name}`.trim(),
        channel: storedChoice<DeliveryChannel>(DELIVERY_CHANNELS, row.channel, 'email'),
        status: storedChoice<DeliveryStatus>(DELIVERY_STATUSES, row.status, 'queued'),
        attempts: Number(row.attempts),
        detail: row.detail,
        lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
        idempotencyKey: row.idempotency_key,
        createdAt: sqlTimestampToIso(row.created_at),
        deliveredAt: row.delivered_at === null ? null : sqlTimestampToIso(row.delivered_at),
      })),
      total: Number(counted.n),
      page: query.page,
      pageSize: PRO_DELIVERY_PAGE_SIZE,
    };
    res.json(answer);
  });
}
