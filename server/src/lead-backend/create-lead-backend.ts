import type { Knex } from 'knex';
import type { Config } from '../config';
import { BuiltInBackend } from './built-in';
import { CloudFunctionsBackend } from './cloud-functions';
import type { LeadBackend } from './lead-backend';

/** LEAD_BACKEND_URL set: forward to that cloud-functions host; unset: keep leads in our own database. */
export function createLeadBackend(config: Config, db: Knex): LeadBackend {
  return config.leadBackendUrl
    ? new CloudFunctionsBackend(config.leadBackendUrl, config.leadBackendTimeoutMs)
    : new BuiltInBackend(db);
}
