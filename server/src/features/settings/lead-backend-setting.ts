/**
 * The lead backend as the Settings screen chooses it: every call reads the lead backend URL setting (cached
 * a few seconds by SiteSettings; LEAD_BACKEND_URL is its default) and goes to that cloud-functions host, or
 * stays in our own database when there is none. An admin can so move forwarding to another host without a
 * restart; jobs already queued go to the new one from their next attempt.
 */
import type { LeadAnalyticsWire, SendLeadWire, SessionRequest } from '@moveratlas/contracts';
import { CloudFunctionsBackend } from '../../lead-backend/cloud-functions';
import type { PublicFetch } from '../../lib/http/public-fetch';
import type { LeadBackend } from '../../lead-backend/lead-backend';
import type { SiteSettings } from './site-settings';

export class SettingLeadBackend implements LeadBackend {
  private readonly remotes = new Map<string, CloudFunctionsBackend>();
  private latest: LeadBackend;

  constructor(
    private readonly settings: SiteSettings,
    private readonly timeoutMs: number,
    private readonly builtIn: LeadBackend,
    /** The outbound guard every call to a remote backend goes through. */
    private readonly outbound: PublicFetch,
  ) {
    this.latest = this.backendFor(settings.defaults.leadBackendUrl);
    // Read the setting now, so the first lead forwarded does not wait for it (a failure here is retried
    // by that first call).
    settings.refresh().catch(() => undefined);
  }

  /**
   * The kind of backend the latest call went to (the outbox records it with each job's result). Only while
   * an admin switches backends can a job running alongside record the other kind.
   */
  get name(): LeadBackend['name'] {
    return this.latest.name;
  }

  async sendSession(session: SessionRequest, signal?: AbortSignal): Promise<{ sessionId: string }> {
    return (await this.resolve()).sendSession(session, signal);
  }

  async sendLead(lead: SendLeadWire, signal?: AbortSignal): Promise<{ leadId: string }> {
    return (await this.resolve()).sendLead(lead, signal);
  }

  async sendAnalytics(copy: LeadAnalyticsWire, signal?: AbortSignal): Promise<void> {
    return (await this.resolve()).sendAnalytics(copy, signal);
  }

  private async resolve(): Promise<LeadBackend> {
    const { leadBackendUrl } = await this.settings.current();
    this.latest = this.backendFor(leadBackendUrl);
    return this.latest;
  }

  private backendFor(url: string | null): LeadBackend {
    if (!url) return this.builtIn;
    let remote = this.remotes.get(url);
    if (!remote) {
      remote = new CloudFunctionsBackend(url, this.timeoutMs, this.outbound);
      this.remotes.set(url, remote);
    }
    return remote;
  }
}
