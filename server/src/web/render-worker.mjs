/**
 * A thread of the render pool (render-pool.ts): renders directory pages with the built server entry, so that
 * React's synchronous rendering (5–40 ms a page) never holds the main thread's event loop, where /healthz,
 * lead intake and every other request are answered.
 *
 * The page's loaders still read the database of the main thread: each DirectoryData method called here is
 * a message on the task's port, answered by the main thread with the same query functions the API uses.
 * Plain JavaScript, as the server runs through tsx, whose hooks worker threads do not inherit everywhere.
 */
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { describeError, reviveError } from './thread-errors.mjs';

// React picks its production build only if NODE_ENV says so when it is first imported (mount-directory.ts).
if (workerData.production) process.env.NODE_ENV = 'production';
/** @type {Promise<{ render: (request: Request, options: unknown) => Promise<Response> }>} */
const entry = import(pathToFileURL(workerData.serverEntry).href);

/**
 * One page: `methods` are the DirectoryData functions the main thread answers on `port`; `site` is the
 * value of its synchronous site(). Answers the page as render-pool.ts's PageAnswer, body as bytes.
 */
export default async function renderPage({
  url,
  method,
  headers,
  site,
  methods,
  assets,
  lazyModulePreloads,
  port,
}) {
  const { render } = await entry;
  const abort = new AbortController();
  const calls = new Map();
  let nextId = 0;
  port.on('message', (message) => {
    if (message.type === 'abort') {
      abort.abort(new Error('The visitor went away'));
      return;
    }
    const call = calls.get(message.id);
    if (!call) return;
    calls.delete(message.id);
    if (message.response) {
      const { body, status, headers } = message.response;
      call.reject(new Response(body, { status, headers }));
    } else if (message.error) call.reject(reviveError(message.error));
    else call.resolve(message.value);
  });
  const data = { site: () => site };
  for (const name of methods) {
    data[name] = (...args) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        calls.set(id, { resolve, reject });
        port.postMessage({ type: 'call', id, method: name, args });
      });
  }
  try {
    const response = await render(new Request(url, { method, headers, signal: abort.signal }), {
      data,
      assets,
      lazyModulePreloads,
      onError: (error) => port.postMessage({ type: 'error', error: describeError(error) }),
    });
    const answerHeaders = [];
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') answerHeaders.push([name, value]);
    }
    return {
      status: response.status,
      headers: answerHeaders,
      cookies: response.headers.getSetCookie(),
      body: new Uint8Array(await response.arrayBuffer()),
    };
  } finally {
    // The last message on this port: once the main thread has it, it has every error reported before it
    // (the page's answer comes back on piscina's own channel, which may overtake them).
    port.postMessage({ type: 'end' });
  }
}
