/**
 * Admin scripts: the registry, their schedules, the jobs that run them.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { adminScriptsRoutes } from './admin/routes';
export { fireScriptSchedule } from './schedules';
export { adminScripts } from './registry';
