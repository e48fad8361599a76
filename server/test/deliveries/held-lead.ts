/**
 * A lead accepted with its deliveries held back, for the tests of what happens before a delivery (a
 * withdrawal): a server with no worker accepts it, and its delivery jobs are moved an hour ahead while still
 * queued. The test file's own worker is stopped meanwhile: polling every 50 ms, it claimed the fresh jobs in
 * the instant between the commit and the hold five times in a row on a loaded machine. Should another worker
 * on the database claim one all the same, that lead is removed and another one sent, so the scenario always
 * starts with nothing delivered.
 */
import type { Knex } from 'knex';
import type { DatabaseConfig } from '../../src/config';
import { leadForm, removeLeads, startLeadApp } from '../leads/support';

export interface HeldLead {
  id: number;
  publicId: string;
  /** Lets the held jobs run now. */
  release(): Promise<void>;
}

export async function acceptHeldLead(
  database: DatabaseConfig,
  db: Knex,
  fields: Record<string, string>,
  uuids: string[],
  ownWorker?: { stop(): Promise<void>; start(): void },
): Promise<HeldLead> {
  const quiet = await startLeadApp(database);
  await ownWorker?.stop();
  try {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const form = leadForm(fields);
      uuids.push(form.lead_uuid!);
      const res = await quiet.postForm('/api/proxy/send_lead', form);
      if (res.status !== 200) throw new Error(`send_lead answered ${res.status}`);
      const row = (await db('leads')
        .where({ lead_uuid: form.lead_uuid })
        .first('id', 'public_id')) as { id: number; public_id: string };
      const ids = (await db('lead_deliveries').where({ lead_id: row.id }).pluck('id')) as number[];
      const payloads = ids.map((id) => JSON.stringify({ deliveryId: Number(id) }));
      const held = await db('jobs')
        .whereIn('payload', payloads)
        .where({ status: 'queued', attempts: 0 })
        .update({ run_at: Date.now() + 3_600_000 });
      if (held === payloads.length)
        return {
          id: Number(row.id),
          publicId: row.public_id,
          release: async () => {
            await db('jobs').whereIn('payload', payloads).update({ run_at: Date.now() });
          },
        };
      // Given up: removed, so the next one (the same visitor) is not a repeat of it (issue 18).
      await removeLeads(db, [form.lead_uuid!]);
    }
    throw new Error('another worker took the deliveries of five leads in a row');
  } finally {
    ownWorker?.start();
    await quiet.close();
  }
}
