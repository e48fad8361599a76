/**
 * docs/webhooks.md's signature check, loaded from the document itself: the block after the `verify-snippet`
 * marker is written to a module and imported, so the tests prove the snippet a mover copies, as written. It
 * must equal contracts' WEBHOOK_VERIFY_SNIPPET, the copy the Lead delivery screen shows.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WEBHOOK_VERIFY_SNIPPET } from '@moveratlas/contracts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type Verify = (
  rawBody: string,
  header: string | undefined,
  secret: string,
  toleranceSeconds?: number,
) => boolean;

export async function documentedVerify(): Promise<Verify> {
  const doc = await fs.readFile(path.join(repoRoot, 'docs/webhooks.md'), 'utf8');
  const marker = doc.indexOf('<!-- verify-snippet');
  const block = /```js\n([\s\S]*?)```/.exec(doc.slice(marker));
  if (marker < 0 || !block) throw new Error('docs/webhooks.md has no verify-snippet block');
  // The screen shows contracts' copy: the two must be the same text.
  if (block[1] !== WEBHOOK_VERIFY_SNIPPET)
    throw new Error("docs/webhooks.md's snippet differs from contracts' WEBHOOK_VERIFY_SNIPPET");
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'webhook-snippet-'));
  const file = path.join(dir, 'verify.mjs');
  await fs.writeFile(file, block[1]!);
  const module = (await import(pathToFileURL(file).href)) as { verifyMoverAtlasSignature: Verify };
  return module.verifyMoverAtlasSignature;
}
