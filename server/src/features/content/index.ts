/**
 * The guides and articles written as Markdown in content/.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { siteContent } from './content-store';
export { contentRoutes } from './routes';
