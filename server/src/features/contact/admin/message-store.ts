/**
 * The staff inbox's reads and writes on contact_messages. Every change is a conditional update on what was
 * read, in one transaction with its row in contact_message_events, so the trail's "before" is always what
 * the message really was and two admins never overwrite each other without knowing (a 409 instead).
 */
import type { Knex } from 'knex';
import {
  CONTACT_MESSAGE_PAGE_SIZE,
  CONTACT_MESSAGE_STATUSES,
  type AdminContactMessageDetail,
  type AdminContactMessageList,
  type AdminContactMessageListQuery,
  type AdminContactMessageSummary,
  type AdminRef,
  type ContactMessageAction,
  type ContactMessageEvent,
  type ContactMessageStatus,
} from '@moveratlas/contracts';
import { sqlTimestampToIso } from '../../../db/timestamps';
import { HttpError, notFound } from '../../../lib/http-error';
import { LIKE_ESCAPE, likeContains } from '../../../lib/sql-like';

/** How much of a message the list shows. */
const EXCERPT_CHARS = 160;

interface MessageRow {
  id: number;
  public_id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  status: string;
  assigned_admin_id: number | null;
  assignee_username: string | null;
  ip_address: string;
  user_agent: string;
  created_at: string | Date;
}

const COLUMNS = [
  'contact_messages.id',
  'contact_messages.public_id',
  'contact_messages.name',
  'contact_messages.email',
  'contact_messages.topic',
  'contact_messages.message',
  'contact_messages.status',
  'contact_messages.assigned_admin_id',
  'admin_users.username as assignee_username',
  'contact_messages.created_at',
];

/** The messages with their assignee's name; an assignee whose account was removed reads as nobody. */
const withAssignee = (db: Knex) =>
  db('contact_messages').leftJoin(
    'admin_users',
    'admin_users.id',
    'contact_messages.assigned_admin_id',
  );

const statusOf = (value: string): ContactMessageStatus =>
  (CONTACT_MESSAGE_STATUSES as readonly string[]).includes(value)
    ? (value as ContactMessageStatus)
    : 'open';

function summaryOf(row: MessageRow): AdminContactMessageSummary {
  const text = row.message.replace(/\s+/g, ' ').trim();
  return {
    id: Number(row.id),
    publicId: row.public_id,
    name: row.name,
    email: row.email,
    topic: row.topic,
    excerpt: text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text,
    status: statusOf(row.status),
    assignee:
      row.assigned_admin_id !== null && row.assignee_username !== null
        ? { id: Number(row.assigned_admin_id), username: row.assignee_username }
        : null,
    receivedAt: sqlTimestampToIso(row.created_at),
  };
}

/** The list's filters but the status: the status pills count under them. */
function applyFilters(
  qb: Knex.QueryBuilder,
  query: AdminContactMessageListQuery,
  adminId: number,
): Knex.QueryBuilder {
  if (query.topic) qb.where('contact_messages.topic', query.topic);
  if (query.assigned === 'me') qb.where('contact_messages.assigned_admin_id', adminId);
  if (query.assigned === 'nobody') qb.whereNull('contact_messages.assigned_admin_id');
  if (query.q) {
    // Every word must be in the name, the address or the message: "dana refund" finds Dana's refund question.
    for (const word of query.q.split(/\s+/).filter(Boolean).slice(0, 5)) {
      const pattern = likeContains(word);
      qb.where((w) =>
        w
          .whereRaw(`contact_messages.name LIKE ? ${LIKE_ESCAPE}`, [pattern])
          .orWhereRaw(`contact_messages.email LIKE ? ${LIKE_ESCAPE}`, [pattern])
          .orWhereRaw(`contact_messages.message LIKE ? ${LIKE_ESCAPE}`, [pattern]),
      );
    }
  }
  return qb;
}

export async function listMessages(
  db: Knex,
  query: AdminContactMessageListQuery,
  adminId: number,
): Promise<AdminContactMessageList> {
  const pageSize = CONTACT_MESSAGE_PAGE_SIZE;
  const filtered = () => {
    const qb = applyFilters(withAssignee(db), query, adminId);
    if (query.status) qb.where('contact_messages.status', query.status);
    return qb;
  };
  const [counted, rows, perStatus] = await Promise.all([
    filtered().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
    filtered()
      .orderBy([
        { column: 'contact_messages.created_at', order: 'desc' },
        { column: 'contact_messages.id', order: 'desc' },
      ])
      .limit(pageSize)
      .offset((query.page - 1) * pageSize)
      .select(COLUMNS) as Promise<MessageRow[]>,
    applyFilters(db('contact_messages'), query, adminId)
      .groupBy('contact_messages.status')
      .select('contact_messages.status as status')
      .count({ n: '*' }) as Promise<Array<{ status: string; n: number | string }>>,
  ]);
  const counts = Object.fromEntries(CONTACT_MESSAGE_STATUSES.map((s) => [s, 0])) as Record<
    ContactMessageStatus,
    number
  >;
  for (const { status, n } of perStatus) counts[statusOf(status)] += Number(n);
  return {
    messages: rows.map(summaryOf),
    total: Number(counted?.n ?? 0),
    page: query.page,
    pageSize,
    counts,
  };
}

/** Messages nobody has opened yet. */
export async function newMessageCount(db: Knex): Promise<number> {
  const row = (await db('contact_messages').where('status', 'new').count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

const noMessage = (id: number) => notFound(`No contact message with id ${id}`);
const changedMeanwhile = () =>
  new HttpError(409, 'The message changed meanwhile; reload it and try again');

export async function messageDetail(db: Knex, id: number): Promise<AdminContactMessageDetail> {
  const [row, events, admins] = await Promise.all([
    withAssignee(db)
      .where('contact_messages.id', id)
      .first([...COLUMNS, 'contact_messages.ip_address', 'contact_messages.user_agent']) as Promise<
      MessageRow | undefined
    >,
    db('contact_message_events').where('message_id', id).orderBy('id') as Promise<
      Array<{
        id: number;
        actor: string;
        action: string;
        from_value: string | null;
        to_value: string | null;
        at: string;
      }>
    >,
    db('admin_users').orderBy('username').select('id', 'username') as Promise<AdminRef[]>,
  ]);
  if (!row) throw noMessage(id);
  return {
    message: {
      ...summaryOf(row),
      message: row.message,
      ipAddress: row.ip_address,
      userAgent: row.user_agent,
    },
    events: events.map((e): ContactMessageEvent => ({
      id: Number(e.id),
      actor: e.actor,
      action: e.action as ContactMessageAction,
      before: e.from_value,
      after: e.to_value,
      at: e.at,
    })),
    admins: admins.map((a) => ({ id: Number(a.id), username: a.username })),
  };
}

async function recordEvent(
  trx: Knex.Transaction,
  messageId: number,
  actor: string,
  action: ContactMessageAction,
  before: string | null,
  after: string | null,
): Promise<void> {
  await trx('contact_message_events').insert({
    message_id: messageId,
    actor,
    action,
    from_value: before,
    to_value: after,
    at: new Date().toISOString(),
  });
}

/** Opening a new message makes it open, and the trail says who read it first; any other is left as it is. */
export async function markRead(db: Knex, id: number, actor: string): Promise<void> {
  await db.transaction(async (trx) => {
    const changed = await trx('contact_messages')
      .where({ id, status: 'new' })
      .update({ status: 'open' });
    if (changed === 1) await recordEvent(trx, id, actor, 'read', 'new', 'open');
    else if (!(await trx('contact_messages').where({ id }).first('id'))) throw noMessage(id);
  });
}

/** Sets the status; the one it already has changes nothing and records nothing. */
export async function setStatus(
  db: Knex,
  id: number,
  status: ContactMessageStatus,
  actor: string,
): Promise<void> {
  await db.transaction(async (trx) => {
    const current = (await trx('contact_messages').where({ id }).first('status')) as
      { status: string } | undefined;
    if (!current) throw noMessage(id);
    if (current.status === status) return;
    const changed = await trx('contact_messages')
      .where({ id, status: current.status })
      .update({ status });
    if (changed !== 1) throw changedMeanwhile();
    await recordEvent(trx, id, actor, 'status', current.status, status);
  });
}

/** Assigns the message to an admin (null: nobody); the trail keeps both usernames. */
export async function assignMessage(
  db: Knex,
  id: number,
  adminId: number | null,
  actor: string,
): Promise<void> {
  await db.transaction(async (trx) => {
    const current = (await withAssignee(trx)
      .where('contact_messages.id', id)
      .first('contact_messages.assigned_admin_id', 'admin_users.username as username')) as
      { assigned_admin_id: number | null; username: string | null } | undefined;
    if (!current) throw noMessage(id);
    const assignee =
      adminId === null
        ? null
        : ((await trx('admin_users').where({ id: adminId }).first('id', 'username')) as
            AdminRef | undefined);
    if (adminId !== null && !assignee)
      throw new HttpError(
        400,
        'That admin user does not exist; reload the message and choose again',
      );
    const before = current.assigned_admin_id === null ? null : Number(current.assigned_admin_id);
    // A removed admin's id left on the message reads as nobody: assigning nobody then tidies it.
    if (before === adminId && (adminId === null || current.username !== null)) return;
    const changed = await trx('contact_messages')
      .where('id', id)
      .andWhere((w) =>
        before === null ? w.whereNull('assigned_admin_id') : w.where('assigned_admin_id', before),
      )
      .update({ assigned_admin_id: adminId });
    if (changed !== 1) throw changedMeanwhile();
    await recordEvent(trx, id, actor, 'assigned', current.username, assignee?.username ?? null);
  });
}
