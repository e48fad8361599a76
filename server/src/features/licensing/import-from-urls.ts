/**
 * FMCSA's files downloaded from the addresses the operator set (FMCSA_CENSUS_URL, FMCSA_REVOCATIONS_URL) and
 * imported like an upload: streamed into the database as they arrive, then checked and applied by the
 * licensing-import job. The product never needs these addresses: unset, staff upload the files. The download
 * goes through the guarded fetch (lib/http/public-fetch.ts): https to public addresses in production, no
 * redirect followed, the answer's headers checked with zod. A file identical to the last one imported of its
 * kind is dropped unread by the job: nothing would change.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Config } from '../../config';
import { outboundRules, PublicFetch } from '../../lib/http/public-fetch';
import { FileRefusedError } from './file-reader';
import { deleteImport, LICENSING_MAX_BYTES, receiveFile } from './import-store';
import { queueImport } from './queue-import';

/** The files the schedule downloads, by the file module's kind. */
type FmcsaFileKind = 'census' | 'revocations';

/** What we read of the answer's headers. */
const DownloadHeaders = z.object({
  'content-length': z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .refine((bytes) => bytes <= LICENSING_MAX_BYTES, 'the file is larger than 2 GB')
    .optional(),
  'last-modified': z
    .string()
    .transform((text) => new Date(text))
    .refine((date) => !Number.isNaN(date.getTime()), 'the Last-Modified date is not a date')
    .optional(),
});

export interface UrlImportOutcome {
  kind: FmcsaFileKind;
  url: string;
  /** queued: an import was started; unchanged: the same file as the last import; failed: why, in words. */
  outcome: 'queued' | 'unchanged' | 'failed';
  importId?: number;
  jobId?: number;
  message: string;
}

/** The file's name: the address's last path segment (`FMCSA_CENSUS1_2026Oct.txt`), else a plain one. */
function filenameOf(url: URL, kind: FmcsaFileKind): string {
  const last = decodeURIComponent(url.pathname.split('/').at(-1) ?? '').replace(/[\p{Cc}]/gu, '');
  return last.trim() === '' ? `fmcsa-${kind}.csv` : last.slice(0, 200);
}

async function* buffers(body: AsyncIterable<Uint8Array>): AsyncIterable<Buffer> {
  for await (const chunk of body)
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Downloads one file and queues its import. */
async function importFromUrl(
  db: Knex,
  fetcher: PublicFetch,
  kind: FmcsaFileKind,
  address: string,
  signal: AbortSignal,
): Promise<UrlImportOutcome> {
  const base = { kind, url: address };
  const url = new URL(address);
  const response = await fetcher.fetch(address, { signal });
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    return { ...base, outcome: 'failed', message: `the address answered ${response.status}` };
  }
  const headers = DownloadHeaders.safeParse(Object.fromEntries(response.headers));
  if (!headers.success || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return {
      ...base,
      outcome: 'failed',
      message: headers.success
        ? 'the answer had no body'
        : (headers.error.issues[0]?.message ?? 'its headers could not be read'),
    };
  }
  const modified = headers.data['last-modified'];
  let received: Awaited<ReturnType<typeof receiveFile>>;
  try {
    received = await receiveFile(db, buffers(response.body), {
      filename: filenameOf(url, kind),
      // The day FMCSA last changed the file, when its server says; else the name's month, else today.
      fileDate: modified?.toISOString().slice(0, 10),
      createdBy: 'schedule',
    });
  } catch (error) {
    if (error instanceof FileRefusedError)
      return { ...base, outcome: 'failed', message: error.message };
    throw error;
  }
  const { id, file } = received;
  if (file.kind !== kind) {
    await deleteImport(db, id);
    return {
      ...base,
      outcome: 'failed',
      message: `the address serves ${file.label}, not the file it is set for`,
    };
  }
  const row = (await db('licensing_imports').where('id', id).first('sha256')) as {
    sha256: string | null;
  };
  const previous = (await db('licensing_imports')
    .where({ kind, status: 'succeeded', sha256: row.sha256 })
    .orderBy('id', 'desc')
    .first('id')) as { id: number } | undefined;
  if (previous) {
    await deleteImport(db, id);
    return {
      ...base,
      outcome: 'unchanged',
      message: `the same file as import ${previous.id}: nothing to change`,
    };
  }
  const { jobId } = await db.transaction((trx) => queueImport(trx, id, 'schedule'));
  return {
    ...base,
    outcome: 'queued',
    importId: id,
    jobId,
    message: `import ${id} queued (job ${jobId})`,
  };
}

/** Downloads each file whose address is set and queues its import; a failed download does not stop the next. */
export async function importFromUrls(
  db: Knex,
  config: Pick<Config, 'env' | 'leadBackendAllowPrivate' | 'fmcsaFileUrls'>,
  signal: AbortSignal,
): Promise<UrlImportOutcome[]> {
  // The operator's own addresses, still never inside: the same rules as the lead backend's.
  const fetcher = new PublicFetch(outboundRules(config), { maxBodyBytes: LICENSING_MAX_BYTES });
  const outcomes: UrlImportOutcome[] = [];
  try {
    for (const [kind, url] of [
      ['census', config.fmcsaFileUrls.census],
      ['revocations', config.fmcsaFileUrls.revocations],
    ] as const) {
      if (url === undefined) continue;
      try {
        outcomes.push(await importFromUrl(db, fetcher, kind, url, signal));
      } catch (error) {
        signal.throwIfAborted();
        const message = error instanceof Error ? error.message : String(error);
        outcomes.push({ kind, url, outcome: 'failed', message: `the download failed: ${message}` });
      }
    }
  } finally {
    await fetcher.close();
  }
  return outcomes;
}
