import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { migrate } from './prepare';
import { testDatabases } from '../../test/databases';

const LOCK_TABLE = 'knex_migrations_lock';

describe.each(testDatabases())(
  'migrations started by two processes at once on $name',
  (database) => {
    const db = openDatabase(database.config);
    afterEach(async () => {
      await db(LOCK_TABLE).update({ is_locked: 0 });
    });
    afterAll(() => db.destroy());

    it('waits while another process holds the migration lock, then finds nothing left to run', async () => {
      // Another process is migrating: it holds the lock, and lets go 600 ms later.
      await db(LOCK_TABLE).update({ is_locked: 1 });
      const released = new Promise<number>((resolve) =>
        setTimeout(() => {
          void db(LOCK_TABLE)
            .update({ is_locked: 0 })
            .then(() => resolve(Date.now()));
        }, 600),
      );
      const applied = await migrate(db, { totalMs: 30_000, pollMs: 50 });
      const finished = Date.now();
      expect(applied).toEqual([]);
      expect(finished).toBeGreaterThanOrEqual(await released);
    });

    it('still fails with knex’s own message when the lock is never released', async () => {
      await db(LOCK_TABLE).update({ is_locked: 1 });
      await expect(migrate(db, { totalMs: 300, pollMs: 50 })).rejects.toThrow(
        'Migration table is already locked',
      );
    });
  },
);
