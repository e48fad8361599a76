/**
 * The stylesheet, entry script and preloads a page needs, and the chunks of each lazily loaded module (the
 * router's pages), read once from the client build's Vite manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentAssets } from '@moveratlas/contracts';

/** The manifest key of the browser entry: its path inside directory/. */
export const CLIENT_ENTRY = 'src/app/entry-client.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isDynamicEntry?: boolean;
}

export interface ClientAssets {
  assets: DocumentAssets;
  /**
   * For each lazily loaded module (manifest key, e.g. src/features/home/home-page.tsx), the URLs of its chunk
   * and of the chunks it imports that the entry does not already preload: a page links them in its head, so
   * the browser fetches its route's code with the entry instead of after it.
   */
  lazyModulePreloads: Record<string, string[]>;
}

export function readClientAssets(clientDir: string): ClientAssets {
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
  const lazyModulePreloads: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const files = new Set<string>();
    const collect = (chunkKey: string) => {
      const next = manifest[chunkKey];
      if (!next || files.has(next.file) || next.file === entry.file) return;
      files.add(next.file);
      for (const imported of next.imports ?? []) collect(imported);
    };
    collect(key);
    lazyModulePreloads[key] = [...files].filter((file) => !preloads.has(file)).map(url);
  }
  return {
    assets: {
      styles: [...styles].map(url),
      scripts: [url(entry.file)],
      modulePreloads: [...preloads].map(url),
    },
    lazyModulePreloads,
  };
}

/** In development Vite serves the sources; the stylesheet link avoids a flash of unstyled content. */
export const DEVELOPMENT_ASSETS: ClientAssets = {
  assets: {
    styles: ['/src/styles.css'],
    scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
    modulePreloads: [],
  },
  lazyModulePreloads: {},
};
