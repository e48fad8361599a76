/**
 * Password strength estimates off the event loop (strength-worker.ts starts this thread and keeps it while
 * it is used): `{ id, password, userInputs }` in, `{ id, log10 }` out, one at a time.
 */
import { parentPort } from 'node:worker_threads';
import { guessesLog10 } from './password-strength.mjs';

parentPort?.on('message', ({ id, password, userInputs }) => {
  parentPort?.postMessage({ id, log10: guessesLog10(password, userInputs) });
});
