/**
 * ZIP codes and places.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { findZip, zipsByPrefix } from './place-queries';
export { geoRoutes } from './routes';
export { resolveRoutePlace, resolveTypedPlace, type PlacedPoint } from './typed-place';
