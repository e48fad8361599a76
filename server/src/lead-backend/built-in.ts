/**
 * The backend we are when none is configured: the lead, session and analytics copy are already stored in
 * our tables by the routes that accepted them, so "sending" only confirms they are there and answers our
 * own ids. The product then works with nothing else running, through the same outbox path.
 */
import type { Knex } from 'knex';
import type { LeadAnalyticsWire, SendLeadWire, SessionRequest } from '@moveratlas/contracts';
import { LeadBackendError, type LeadBackend } from './lead-backend';

export class BuiltInBackend implements LeadBackend {
  readonly name = 'built-in';

  constructor(private readonly db: Knex) {}

  async sendSession(_session: SessionRequest): Promise<{ sessionId: string }> {
    // The session row is ours already and its id is the only one there is.
    return { sessionId: '' };
  }

  async sendLead(lead: SendLeadWire): Promise<{ leadId: string }> {
    const row = (await this.db('leads').where({ lead_uuid: lead.lead_uuid }).first('public_id')) as
      { public_id: string } | undefined;
    if (!row) throw new LeadBackendError(`no stored lead ${lead.lead_uuid}`, true);
    return { leadId: row.public_id };
  }

  async sendAnalytics(copy: LeadAnalyticsWire): Promise<void> {
    const row = (await this.db('lead_analytics')
      .where({ lead_uuid: copy.lead_uuid })
      .first('id')) as { id: number } | undefined;
    if (!row) throw new LeadBackendError(`no stored analytics copy ${copy.lead_uuid}`, true);
  }
}
