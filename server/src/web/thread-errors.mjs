/**
 * Errors across a thread boundary: a message carries an error's name, message and stack, never its class.
 * Plain JavaScript, shared by render-worker.mjs and the main thread's render-pool.ts.
 */

/** @param {unknown} error */
export function describeError(error) {
  if (error instanceof Error)
    return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

const BUILT_IN = { TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };

/** @param {{ name: string; message: string; stack?: string }} described */
export function reviveError({ name, message, stack }) {
  // The built-in kinds come back as themselves (the log names an error by its class); others as Error.
  const Kind = BUILT_IN[name] ?? Error;
  const error = new Kind(message);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}
