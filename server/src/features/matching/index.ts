/**
 * Which movers a visitor is offered for a move, and the movers' Lead preferences that decide it (pro/).
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { matchCompaniesHandler } from './routes';
export { proLeadPreferencesRoutes } from './pro/preferences-routes';
