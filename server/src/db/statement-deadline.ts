/**
 * Every MySQL/MariaDB statement has a deadline (issue 14). A database that stops answering — paused, a
 * network partition that drops packets rather than refusing them — otherwise holds a request for as long as
 * TCP keeps the socket open (20 s to minutes, past any balancer's patience), and `/healthz` with it.
 *
 * - Requests: `DB_STATEMENT_TIMEOUT_MS` (5 s by default) per statement, so a request ends in a clear 503
 *   within a few seconds whatever the database does (connecting and borrowing a connection have their own
 *   2 s limits, see connection.ts).
 * - Work that is meant to be long — migrations and seeding, the job worker's handlers, a backup download —
 *   runs inside `withStatementDeadline(ms, …)` with a longer one. The deadline follows the async context
 *   (AsyncLocalStorage), so a handler's queries get it wherever in the call tree they are made.
 *
 * The deadline is mysql2's own per-query `timeout`. When it passes, mysql2 fails the query but leaves the
 * command on the connection, so the connection is destroyed (knex's pool then discards it: its socket is
 * gone) and the server is asked, best effort, to stop the statement (`KILL QUERY`), which a dropped socket
 * alone does not do. SQLite needs none of this: it is a file in this process, and a locked database fails
 * after `busy_timeout`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const deadlines = new AsyncLocalStorage<number>();

/** A request's statements' deadline unless DB_STATEMENT_TIMEOUT_MS says otherwise. */
export const REQUEST_STATEMENT_TIMEOUT_MS = 5000;

/** Long work's statements: a migration on a large table, a job's batch, a backup's table stream. */
export const LONG_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/** Runs `work` with `ms` as the deadline of every statement it makes (0: none, only for tests). */
export function withStatementDeadline<T>(ms: number, work: () => T): T {
  return deadlines.run(ms, work);
}

/** The deadline of a statement made now: the enclosing `withStatementDeadline`'s, else the request one. */
export function statementDeadline(requestDefaultMs: number): number {
  return deadlines.getStore() ?? requestDefaultMs;
}

/** The part of a mysql2 connection the deadline needs. */
export interface Mysql2Connection {
  threadId: number | null;
  query: (...args: unknown[]) => unknown;
  destroy(): void;
}

interface QueryOptions {
  sql: string;
  timeout?: number;
}

const TIMED_OUT = 'PROTOCOL_SEQUENCE_TIMEOUT';

/**
 * Gives every query on this connection the current deadline unless the query names its own, and destroys
 * the connection when one passes. `kill` asks the server to stop the statement of a thread, on another
 * connection; its failures are the caller's to swallow.
 */
export function deadlineEveryQuery(
  connection: Mysql2Connection,
  requestDefaultMs: number,
  kill: (threadId: number) => void,
): void {
  const query = connection.query.bind(connection);
  const timedOut = (error: unknown) => {
    if ((error as { code?: unknown } | null)?.code !== TIMED_OUT) return;
    const thread = connection.threadId;
    connection.destroy();
    if (thread !== null) kill(thread);
  };
  connection.query = (...args: unknown[]) => {
    const [first] = args;
    // knex passes `{ sql, …options }`; a string is the driver's own set-up (afterCreate) or a plain call.
    const options: QueryOptions =
      typeof first === 'string' ? { sql: first } : { ...(first as QueryOptions) };
    if (options.timeout === undefined) {
      const ms = statementDeadline(requestDefaultMs);
      if (ms > 0) options.timeout = ms;
    }
    args[0] = options;
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (error: unknown, ...rest: unknown[]) => void;
      args[last] = (error: unknown, ...rest: unknown[]) => {
        timedOut(error);
        callback(error, ...rest);
      };
    }
    const command = query(...args) as { once?(event: 'error', f: (e: unknown) => void): void };
    // A streamed query (no callback) reports its timeout as an 'error' event.
    if (typeof args[last] !== 'function') command.once?.('error', timedOut);
    return command;
  };
}
