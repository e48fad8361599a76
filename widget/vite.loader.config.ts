/**
 * The loader: one small classic script at a stable URL (dist/loader.js, short-cached), no React. It is built
 * after the main bundle and carries the hashed entry's file name from the manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The hashed entry, and every chunk it imports statically (fetched in parallel, not level by level). */
function appFiles(): { entry: string; imports: string[] } {
  const manifestPath = path.join(root, 'dist/.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const entry = manifest['src/app.ts'];
  if (!entry) throw new Error(`${manifestPath} has no src/app.ts: build the main bundle first`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return { entry: entry.file, imports: [...seen].map((key) => manifest[key]!.file) };
}

const app = appFiles();

export default defineConfig({
  root,
  define: {
    __MOVERATLAS_APP__: JSON.stringify(app.entry),
    __MOVERATLAS_APP_IMPORTS__: JSON.stringify(app.imports),
  },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: false,
    target: 'es2020',
    minify: true,
    lib: {
      entry: path.join(root, 'src/loader.ts'),
      formats: ['iife'],
      name: 'MoverAtlasLoader',
      fileName: () => 'loader.js',
    },
  },
});
