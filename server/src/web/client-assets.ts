/** The stylesheet, entry script and preloads a page needs, read once from the client build's Vite manifest. */
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentAssets } from '../../../directory/src/app/ssr-contract';

/** The manifest key of the browser entry: its path inside directory/. */
export const CLIENT_ENTRY = 'src/app/entry-client.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export function readClientAssets(clientDir: string): DocumentAssets {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${manifestPath} has no entry for ${CLIENT_ENTRY}`);

  const styles = new Set(entry.css ?? []);
  const preloads = new Set<string>();
  // The entry's static imports, and theirs: everything the first script evaluates before it runs.
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);

  const url = (file: string) => `/${file}`;
  return {
    styles: [...styles].map(url),
    scripts: [url(entry.file)],
    modulePreloads: [...preloads].map(url),
  };
}

/** In development Vite serves the sources; the stylesheet link avoids a flash of unstyled content. */
export const DEVELOPMENT_ASSETS: DocumentAssets = {
  styles: ['/src/styles.css'],
  scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
  modulePreloads: [],
};
