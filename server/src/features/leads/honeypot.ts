/**
 * Leads from bots (the honeypot field filled) are answered exactly as a person's would be — after the same
 * checks, with the same status, body and headers, a repeated lead_uuid answered as a replay of the same id —
 * so a bot cannot tell it was caught, but nothing is written. The ids handed out live only in this process
 * (a bounded map): a bot that replays across processes may get a second id, as it could not tell anyway.
 */
import type { Knex } from 'knex';
import { newPublicId, type AcceptedLead } from './intake';

/** lead_uuids remembered at most; the oldest is forgotten first. */
const REMEMBERED = 10_000;

export class HoneypotLeads {
  private readonly answered = new Map<string, string>();

  constructor(private readonly db: Knex) {}

  /** What intake.accept would answer, without writing: a stored lead_uuid answers its lead as a replay. */
  async accept(leadUuid: string): Promise<Pick<AcceptedLead, 'publicId' | 'created'>> {
    // The same kind of read a real lead's transaction makes first, so both take a round trip to the database.
    const stored = (await this.db('leads').where({ lead_uuid: leadUuid }).first('public_id')) as
      { public_id: string } | undefined;
    if (stored) return { publicId: stored.public_id, created: false };
    const earlier = this.answered.get(leadUuid);
    if (earlier !== undefined) return { publicId: earlier, created: false };
    const publicId = newPublicId();
    if (this.answered.size >= REMEMBERED) this.answered.delete(this.answered.keys().next().value!);
    this.answered.set(leadUuid, publicId);
    return { publicId, created: true };
  }
}
