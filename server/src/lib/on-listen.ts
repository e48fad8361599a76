import type { Server } from 'node:http';

/**
 * Runs `hook` on every server `app.listen` makes (main.ts and the tests start theirs so): what the app needs
 * of its server — answers to requests Node refuses before the app sees them, and its own cleanup when the
 * server closes. An app served some other way (supertest, a benchmark's outer app) goes without.
 */
export function onListen(
  app: { listen: (...args: never[]) => Server },
  hook: (server: Server) => void,
): void {
  const listen = app.listen.bind(app);
  app.listen = (...args: never[]) => {
    const server = listen(...args);
    hook(server);
    return server;
  };
}
