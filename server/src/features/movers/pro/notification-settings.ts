/**
 * Which e-mails a company gets and who receives them (company_notification_settings): per kind, some of the
 * team's people and up to three other addresses. A kind no owner has changed goes to the company's owners.
 * `notificationRecipients` is what the senders of those e-mails call (new leads, reviews, the weekly summary).
 */
import type { Knex } from 'knex';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSetting,
} from '@moveratlas/contracts';

type Db = Knex | Knex.Transaction;

interface SettingRow {
  kind: string;
  member_ids_json: string;
  extra_emails_json: string;
}

const list = <T>(text: string, keep: (value: unknown) => value is T): T[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(keep) : [];
  } catch {
    return [];
  }
};
const isId = (value: unknown): value is number => Number.isSafeInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';

interface Member {
  userId: number;
  email: string;
  role: string;
  status: string;
}

async function membersOf(db: Db, companyId: number): Promise<Member[]> {
  const rows = (await db('company_users as m')
    .join('mover_users as u', 'u.id', 'm.user_id')
    .where('m.company_id', companyId)
    .orderBy('m.user_id')
    .select('m.user_id', 'u.email', 'm.role', 'u.status')) as Array<{
    user_id: number;
    email: string;
    role: string;
    status: string;
  }>;
  return rows.map((row) => ({ ...row, userId: Number(row.user_id) }));
}

/** Every kind's setting, as stored or by default; only people still on the team are listed. */
export async function notificationSettings(
  db: Db,
  companyId: number,
): Promise<NotificationSetting[]> {
  const [rows, members] = await Promise.all([
    db('company_notification_settings')
      .where({ company_id: companyId })
      .select('kind', 'member_ids_json', 'extra_emails_json') as Promise<SettingRow[]>,
    membersOf(db, companyId),
  ]);
  const onTeam = new Set(members.map((m) => m.userId));
  const owners = members.filter((m) => m.role === 'owner').map((m) => m.userId);
  return NOTIFICATION_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) return { kind, memberIds: owners, extraEmails: [], isDefault: true };
    return {
      kind,
      memberIds: list(row.member_ids_json, isId).filter((id) => onTeam.has(id)),
      extraEmails: list(row.extra_emails_json, isText),
      isDefault: false,
    };
  });
}

/**
 * The addresses that get `kind`'s e-mails of a company: the chosen people of the team whose accounts are
 * active, then the other addresses, each once, lower-case. By default the active owners.
 */
export async function notificationRecipients(
  db: Db,
  companyId: number,
  kind: NotificationKind,
): Promise<string[]> {
  const [settings, members] = await Promise.all([
    notificationSettings(db, companyId),
    membersOf(db, companyId),
  ]);
  const setting = settings.find((s) => s.kind === kind)!;
  const chosen = new Set(setting.memberIds);
  const addresses = [
    ...members.filter((m) => chosen.has(m.userId) && m.status === 'active').map((m) => m.email),
    ...setting.extraEmails,
  ].map((email) => email.toLowerCase());
  return [...new Set(addresses)];
}

/** Stores some kinds' settings (the others keep theirs). */
export async function saveNotificationSettings(
  trx: Knex.Transaction,
  companyId: number,
  settings: ReadonlyArray<{ kind: NotificationKind; memberIds: number[]; extraEmails: string[] }>,
  userId: number,
  now = Date.now(),
): Promise<void> {
  for (const setting of settings) {
    const values = {
      member_ids_json: JSON.stringify([...new Set(setting.memberIds)].sort((a, b) => a - b)),
      extra_emails_json: JSON.stringify([...new Set(setting.extraEmails)]),
      updated_by_user_id: userId,
      updated_at: now,
    };
    const changed = await trx('company_notification_settings')
      .where({ company_id: companyId, kind: setting.kind })
      .update(values);
    if (changed === 0)
      await trx('company_notification_settings').insert({
        company_id: companyId,
        kind: setting.kind,
        ...values,
      });
  }
}
