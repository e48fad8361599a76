import type { Knex } from 'knex';
import type { Config } from '../config';
import { PublicFetch, outboundRules } from '../lib/http/public-fetch';
import { BuiltInBackend } from './built-in';
import type { LeadBackend } from './lead-backend';
import { SettingLeadBackend } from '../features/settings';
import { SiteSettings } from '../features/settings';

/**
 * The lead backend URL setting (admin Settings; LEAD_BACKEND_URL is its default) set: forward to that
 * cloud-functions host; none: keep leads in our own database. Read at each call, cached a few seconds.
 * Remote calls go through the outbound guard with the configuration's rules (production: public https only).
 */
export function createLeadBackend(config: Config, db: Knex): LeadBackend {
  return new SettingLeadBackend(
    SiteSettings.for(db, config),
    config.leadBackendTimeoutMs,
    new BuiltInBackend(db),
    new PublicFetch(outboundRules(config)),
  );
}
