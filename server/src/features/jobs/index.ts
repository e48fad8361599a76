/**
 * The admin Jobs screen over the durable job queue (the queue itself is server/src/jobs).
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { adminJobsRoutes } from './admin/routes';
