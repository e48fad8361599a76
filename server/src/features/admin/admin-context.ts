import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { JobKicker } from '../../jobs/worker';

/** What the admin routers are built with (app.ts passes its own context). */
export interface AdminContext {
  config: Config;
  db: Knex;
  logger: Logger;
  jobs?: JobKicker;
}
