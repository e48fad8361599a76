import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { JobKicker } from '../../jobs/worker';
import type { PartnerDirectory } from '../partners/partners';

/** What the widget's endpoints need from the app. */
export interface ProxyContext {
  config: Config;
  db: Knex;
  logger: Logger;
  partners: PartnerDirectory;
  /** The worker in this process, if any, nudged after each commit; others find the jobs at their next poll. */
  jobs?: JobKicker;
}
