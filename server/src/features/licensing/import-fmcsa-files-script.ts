/**
 * "Import FMCSA's files" as a maintenance script (/admin/scripts): scheduled weekly by its migration
 * (20261201_15), so the queue's scheduler fires it once however many processes run; staff may run it at once
 * or change its schedule. It downloads the files whose addresses are set (FMCSA_CENSUS_URL,
 * FMCSA_REVOCATIONS_URL) and queues their imports; with none set it says so and does nothing.
 */
import { z } from 'zod';
import { defineScript } from '../../jobs/script';
import { importFromUrls } from './import-from-urls';

export const IMPORT_FMCSA_FILES_SCRIPT_ID = 'import-fmcsa-files';

export const importFmcsaFilesScript = defineScript({
  id: IMPORT_FMCSA_FILES_SCRIPT_ID,
  title: 'Import FMCSA’s files',
  description:
    'Downloads FMCSA’s motor carrier census and L&I revocations from the addresses set in FMCSA_CENSUS_URL ' +
    'and FMCSA_REVOCATIONS_URL and imports them as an upload would be: checked whole, applied in batches, ' +
    'matched to our companies. A file unchanged since the last import is skipped. Scheduled weekly; without ' +
    'the addresses set, staff upload the files on the Licensing screen instead.',
  params: z.strictObject({}),
  maxAttempts: 2,
  timeoutMs: 60 * 60_000,
  async run(_params, { db, config, log, signal }) {
    if (!config.fmcsaFileUrls.census && !config.fmcsaFileUrls.revocations) {
      await log(
        'No addresses are set (FMCSA_CENSUS_URL, FMCSA_REVOCATIONS_URL): nothing to download. Upload the files on the Licensing screen.',
      );
      return { outcomes: [] };
    }
    const outcomes = await importFromUrls(db, config, signal);
    for (const outcome of outcomes) await log(`${outcome.kind}: ${outcome.message}`);
    return { outcomes };
  },
});
