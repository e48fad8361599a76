/**
 * The widget's step events (how far visitors get in the quote wizard).
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { widgetStepEventHandler } from './step-events';
