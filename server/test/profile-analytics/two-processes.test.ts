/**
 * Profile activity counted by a fleet (issue 17: "correct with several server processes"): two real server
 * processes on one database take 200 beacons for one company at once, half each, every counter starting
 * from no row (so the processes also race to create each one), and the counts are exact on every database.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_ACTIVITY_KINDS, type ProfileActivityKind } from '@moveratlas/contracts';
import { openDatabase } from '../../src/db/connection';
import { testDatabases } from '../databases';
import { launch, serving, type Started } from '../support/server-process';
import { countsOf, insertCompany, sendBeacon } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');

const BEACONS = 200;
/** Requests in flight at once, spread over both processes: well past each one's connection pool. */
const IN_FLIGHT = 40;

/** 140 views and 20 of each click, interleaved. */
const kindOf = (i: number): ProfileActivityKind =>
  i % 10 < 7 ? 'view' : PROFILE_ACTIVITY_KINDS[1 + (i % 10) - 7]!;

describe.each(testDatabases())(
  'profile activity from two server processes on $name',
  (database) => {
    let db: Knex;
    const slug = `zqfleet${randomInt(100_000, 999_999)}-movers`;
    let companyId: number;
    const processes: Started[] = [];

    beforeAll(async () => {
      db = openDatabase(database.config);
      companyId = await insertCompany(db, slug);
    });

    afterEach(async () => {
      for (const started of processes.splice(0)) {
        if (started.child.exitCode === null && started.child.signalCode === null)
          started.child.kill('SIGTERM');
        await started.exited;
      }
    });

    afterAll(async () => {
      await db('companies').where({ slug }).delete();
      await db.destroy();
    });

    it(`counts ${BEACONS} concurrent beacons exactly, half through each process`, async () => {
      const start = () => {
        const started = launch(
          process.execPath,
          ['--import', 'tsx', path.join(here, 'activity-server.ts')],
          serverDir,
          { ACTIVITY_DATABASE: JSON.stringify(database.config) },
        );
        processes.push(started);
        return serving(started);
      };
      const servers = await Promise.all([start(), start()]);
      expect(servers[0]).not.toBe(servers[1]);

      const answers: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < BEACONS) {
          const i = next++;
          const res = await sendBeacon(servers[i % 2]!, slug, { kind: kindOf(i) });
          const text = await res.text();
          answers.push(res.status === 204 ? '204' : `${res.status} ${text.slice(0, 200)}`);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

      expect(
        answers.filter((a) => a !== '204'),
        'answers other than 204',
      ).toEqual([]);
      expect(answers).toHaveLength(BEACONS);
      expect(await countsOf(db, companyId)).toEqual({
        view: 140,
        quote_click: 20,
        phone_click: 20,
        website_click: 20,
      });
      // One row per kind (and day): the processes never created a second row for the same counter.
      const rows = (await db('company_daily_activity')
        .where({ company_id: companyId })
        .select('day', 'kind')) as Array<{ day: string; kind: string }>;
      expect(new Set(rows.map((r) => `${r.day} ${r.kind}`)).size).toBe(rows.length);
    }, 120_000);
  },
);
