/**
 * /api/admin/database/*: the database screen's reads (health, tables, migrations) and the backup download
 * (POST, with the CSRF token), a consistent SQLite file or, on MySQL/MariaDB, a logical .sql export streamed
 * as it is written.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import {
  DATABASE_BACKUP_TYPES,
  DatabaseTablesQuerySchema,
  type DatabaseHealth,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import { dialectOf } from '../../../db/dialect';
import { LONG_STATEMENT_TIMEOUT_MS, withStatementDeadline } from '../../../db/statement-deadline';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { serverLoad } from '../../health';
import { recordRequestAudit } from '../../audit';
import { databaseHealth, databaseMigrations, databaseTables } from './inspect';

/** moveratlas-2026-11-23-063612: when the backup was taken, in UTC. */
export function backupBaseName(at: Date = new Date()): string {
  const iso = at.toISOString();
  return `moveratlas-${iso.slice(0, 10)}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

const attachment = (res: Response, filename: string) =>
  res.set('Content-Disposition', `attachment; filename="${filename}"`);

export function adminDatabaseRoutes(ctx: AdminContext): Router {
  const router = Router();
  const { db, logger } = ctx;

  router.get('/database/health', async (req, res) => {
    const health: DatabaseHealth = { ...(await databaseHealth(db)), server: serverLoad(req.app) };
    res.json(health);
  });

  router.get('/database/tables', async (req, res) => {
    const query = parseInput(DatabaseTablesQuerySchema, req.query, 'query');
    res.json(await databaseTables(db, query));
  });

  router.get('/database/migrations', async (_req, res) => {
    res.json(await databaseMigrations(db));
  });

  // Taking a backup costs a snapshot and streams every lead's personal data: a write, never a GET that an
  // <img> or a link could set off with the admin's cookies.
  router.get('/database/backup', () => {
    throw new HttpError(405, 'Download a backup with POST and the CSRF token, not a link', {
      Allow: 'POST',
    });
  });

  // A large table's rows stream for as long as the download takes: the long deadline, not a request's.
  router.post('/database/backup', (req, res) =>
    withStatementDeadline(LONG_STATEMENT_TIMEOUT_MS, async () => {
      const name = backupBaseName();
      const admin = (res.locals as { admin?: { username?: string } }).admin?.username;
      // Every lead's personal data leaves with it: recorded before the snapshot is taken (so the backup holds
      // its own record, and no write waits on the snapshot's locks while the snapshot waits to be sent).
      const extension = dialectOf(db).name === 'sqlite' ? 'sqlite' : 'sql';
      await recordRequestAudit(db, req, res, {
        action: 'database.backup.download',
        entityType: 'database',
        summary: `Downloaded a database backup (${name}.${extension})`,
        after: { file: `${name}.${extension}` },
      });
      const backup = await dialectOf(db).backup();
      try {
        // The first piece is read before anything is sent: a failure there (the snapshot, the export's first
        // query) is still an ordinary error answer.
        const pieces = backup.body[Symbol.asyncIterator]();
        const first = await pieces.next();
        res.status(200);
        res.set('Content-Type', DATABASE_BACKUP_TYPES[dialectOf(db).name]);
        if (backup.bytes !== null) res.set('Content-Length', String(backup.bytes));
        attachment(res, `${name}.${backup.extension}`);
        async function* all(): AsyncGenerator<string | Uint8Array> {
          if (!first.done) yield first.value;
          for (let next = await pieces.next(); !next.done; next = await pieces.next())
            yield next.value;
        }
        try {
          await pipeline(Readable.from(all()), res);
          logger.info({ admin, bytes: backup.bytes ?? undefined }, 'database backup downloaded');
        } catch (error) {
          // Headers are gone: a broken download is all the client can be told; the log says why.
          logger.warn({ err: error, admin }, 'database backup broke off part-way');
          res.destroy();
        }
      } finally {
        await backup.dispose();
      }
    }),
  );

  return router;
}
