/**
 * The widget's visitor sessions.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { sessionHandler } from './routes';
export { SESSION_FORWARD_JOB, sessionOutboxHandlers } from './sessions';
