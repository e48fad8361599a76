/**
 * `npm run build`'s last step: writes each asset's brotli and gzip forms beside it (`name.js.br`, `.gz`),
 * so servers read them at start instead of compressing (precompressed-assets.ts).
 *
 *   tsx server/src/web/precompress-cli.ts directory/dist/client/assets widget/dist/assets
 */
import fs from 'node:fs';
import path from 'node:path';
import { compressAsset, compressibleFiles } from './precompressed-assets';

async function precompress(
  assetsDir: string,
): Promise<{ files: number; bytes: number; br: number }> {
  const totals = { files: 0, bytes: 0, br: 0 };
  for (const name of compressibleFiles(assetsDir)) {
    const file = path.join(assetsDir, name);
    const body = await fs.promises.readFile(file);
    const { br, gzip } = await compressAsset(body);
    await fs.promises.writeFile(`${file}.br`, br);
    await fs.promises.writeFile(`${file}.gz`, gzip);
    totals.files++;
    totals.bytes += body.length;
    totals.br += br.length;
  }
  return totals;
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('Usage: tsx server/src/web/precompress-cli.ts <assets folder>…');
  process.exit(2);
}
for (const dir of dirs) {
  if (!fs.existsSync(dir)) {
    console.error(`${dir} does not exist: build it first`);
    process.exit(1);
  }
  const { files, bytes, br } = await precompress(dir);
  console.info(
    `precompressed ${files} files in ${dir}: ${(bytes / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`,
  );
}
