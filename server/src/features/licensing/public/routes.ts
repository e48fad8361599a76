/** The public licensing API: "Check a mover" and the dates of the files it reads (issue 20). */
import { Router } from 'express';
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import type { ReadReplicas } from '../../../db/read-replicas';
import { carrierCheckRoutes } from './check-route';
import { licensingFilesRoutes } from './files-route';

export function publicLicensingRoutes(ctx: {
  config: Config;
  db: Knex;
  reads?: ReadReplicas;
}): Router {
  return Router().use(carrierCheckRoutes(ctx), licensingFilesRoutes(ctx));
}
