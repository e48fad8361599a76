/**
 * The contact form, and the staff inbox its messages land in.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { contactRoutes } from './routes';
export { adminContactMessageRoutes } from './admin/routes';
export { newMessageCount } from './admin/message-store';
