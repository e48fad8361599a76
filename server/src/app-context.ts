/**
 * What the app and its routers are built with: app.ts receives an AppContext and hands it (or the widget's
 * version of it) to each resource's routes. Types only, so any resource may import it without a cycle.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { JobKicker } from './jobs/worker';
import type { PartnerDirectory } from './features/partners';
import type { ReadReplicas } from './db/read-replicas';

export interface AppContext {
  config: Config;
  db: Knex;
  logger: Logger;
  /** The job worker of this process, nudged when a request has queued work (leads to forward). */
  jobs?: JobKicker;
  /** Where anonymous public reads go (DATABASE_READ_URL); without it, the primary `db`. */
  reads?: ReadReplicas;
}

/** What the admin routers are built with (app.ts passes its own context). */
export type AdminContext = AppContext;

/** What the widget's endpoints need from the app: the partner sites too. */
export interface ProxyContext extends AppContext {
  partners: PartnerDirectory;
}

/** What the movers' routers (/api/pro and each resource's pro/ folder) are built with. */
export type ProContext = AppContext;
