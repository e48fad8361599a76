/**
 * The health checks (/livez, /readyz, /healthz) and the server-load figures they report.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { healthRoutes } from './routes';
export { serverLoad } from './server-load';
