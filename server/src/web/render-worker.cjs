/**
 * The render pool's entry in each thread (render-pool.ts): CommonJS that imports the real worker
 * (render-worker.mjs) once, on its first page. Piscina loads a worker file with require() first; Node 20's
 * require() of an ES module races the worker's own import of the server entry and can abort the process
 * ("v8::Module::IsGraphAsync must be used on an instantiated module", seen in CI). A CommonJS file
 * is never loaded that way.
 */
/** @type {Promise<(task: unknown) => Promise<unknown>> | undefined} */
let worker;

module.exports = function renderPage(task) {
  // A relative import() from CommonJS resolves against this file.
  worker ??= import('./render-worker.mjs').then((module) => module.default);
  return worker.then((render) => render(task));
};
