/**
 * Gzipped JavaScript per page of the directory (issue 5: at most 130 KB each), read from the client
 * build's Vite manifest. A page's critical JavaScript is the browser entry and every chunk it imports, plus
 * the page's lazy route chunk and every chunk that imports, each file counted once, gzipped as the server's
 * compression sends them (zlib level 6) and counted in kB of 1,000 bytes as Vite prints them. What a page
 * imports dynamically while it runs (the featured section's live loading, a form's schema) is listed apart
 * as "after hydration"; the map geometry, which only loaders import on a client-side navigation, and what the
 * entry loads on demand (the API client of client-side navigations) are not counted. The
 * budget is the public site's (issue 5); the admin area's screens and the movers' /pro area (not its
 * sign-in pages) are listed apart, without it.
 * Usage: npm run build -w @moveratlas/directory && tsx bench/bundle-size.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_DIR = path.join(root, 'directory', 'dist', 'client');
/** The manifest key of the browser entry. */
const ENTRY = 'src/app/entry-client.tsx';
/** The manifest key of the module the admin area loads its screens through. */
const ADMIN_SCREEN_MODULES = 'src/features/admin/admin-screen-modules.ts';
/** The same for the movers' /pro area (issue 17). */
const PRO_SCREEN_MODULES = 'src/features/pro/pro-screen-modules.ts';
/** The movers' sign-in pages: public pages of features/pro, inside the budget. */
const PRO_PUBLIC_PAGES = new Set([
  'src/features/pro/pro-login-page.tsx',
  'src/features/pro/pro-forgot-password-page.tsx',
  'src/features/pro/pro-reset-password-page.tsx',
]);
/** Kilobytes of 1,000 bytes, as Vite's build output counts them. */
export const BUDGET_BYTES = 130_000;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** Imported dynamically only by loaders, which run in the browser only on a client-side navigation. */
const LOADER_ONLY = new Set(['src/features/map/us-map-geometry.ts']);

export interface PageBundle {
  /** The page module's name, e.g. home-page. */
  page: string;
  /** A screen of the admin area (src/features/admin), outside the public site's budget. */
  admin: boolean;
  /** The movers' /pro area (src/features/pro, its sign-in pages aside), outside the budget too. */
  pro: boolean;
  /** Gzipped bytes of every script the page loads before it is interactive. */
  gzipBytes: number;
  /** Gzipped bytes of the scripts the page imports dynamically once it runs, beyond the above. */
  deferredGzipBytes: number;
  /** The same, by file (the entry and shared chunks included). */
  files: Array<{ file: string; gzipBytes: number }>;
}

/** Page modules of the router, by the label the benchmarks print. */
export const PAGE_MODULES: Record<string, string> = {
  home: 'src/features/home/home-page.tsx',
  states: 'src/features/states/states-page.tsx',
  state: 'src/features/states/state-page.tsx',
  city: 'src/features/cities/city-page.tsx',
  directory: 'src/features/companies/directory-page.tsx',
  company: 'src/features/companies/company-page.tsx',
};

export function readManifest(clientDir = CLIENT_DIR): Record<string, ManifestChunk> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: run npm run build -w @moveratlas/directory first`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/** Every page module (the router's lazy routes) with the gzipped JavaScript it loads. */
export function pageBundles(clientDir = CLIENT_DIR): PageBundle[] {
  const manifest = readManifest(clientDir);
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(clientDir, file))).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const collect = (key: string, files: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) collect(next, files);
  };
  const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + sizeOf(f), 0);
  // The router's lazy routes are the entry's dynamic imports, and the admin screens those of the module
  // the admin area loads them through (it holds their file names, so the public entry does not).
  const adminScreens = manifest[ADMIN_SCREEN_MODULES]?.dynamicImports ?? [];
  const proScreens = manifest[PRO_SCREEN_MODULES]?.dynamicImports ?? [];
  const pages = [...(manifest[ENTRY]?.dynamicImports ?? []), ...adminScreens, ...proScreens].filter(
    (key) =>
      key.startsWith('src/features/') &&
      !LOADER_ONLY.has(key) &&
      key !== ADMIN_SCREEN_MODULES &&
      key !== PRO_SCREEN_MODULES,
  );
  // What the entry's own chunks import dynamically (the API client for client-side navigations, the toast
  // region) loads on demand, on any page: not counted for a page.
  const entryFiles = new Set<string>();
  collect(ENTRY, entryFiles);
  return pages
    .map((key) => {
      const files = new Set<string>();
      collect(ENTRY, files);
      if (adminScreens.includes(key)) collect(ADMIN_SCREEN_MODULES, files);
      if (proScreens.includes(key)) collect(PRO_SCREEN_MODULES, files);
      collect(key, files);
      const deferred = new Set(files);
      for (const file of files) {
        if (entryFiles.has(file)) continue;
        const chunkKey = Object.keys(manifest).find((k) => manifest[k]!.file === file);
        for (const lazy of manifest[chunkKey ?? '']?.dynamicImports ?? []) {
          if (!LOADER_ONLY.has(lazy)) collect(lazy, deferred);
        }
      }
      for (const file of files) deferred.delete(file);
      return {
        page: path.basename(key).replace(/\.tsx?$/, ''),
        admin: key.startsWith('src/features/admin/'),
        pro: key.startsWith('src/features/pro/') && !PRO_PUBLIC_PAGES.has(key),
        gzipBytes: sum(files),
        deferredGzipBytes: sum(deferred),
        files: [...files].map((file) => ({ file, gzipBytes: sizeOf(file) })),
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** A page of the public site, under the budget (not the admin's or the movers' signed-in areas). */
export const isPublicPage = (bundle: PageBundle): boolean => !bundle.admin && !bundle.pro;

export function printBundleTable(all: PageBundle[]): void {
  const bundles = all.filter(isPublicPage);
  console.info('\nGzipped JavaScript per public page (budget 130 KB)');
  console.info(
    [
      'page'.padEnd(26),
      'KB gz'.padStart(7),
      'files'.padStart(6),
      'after hydration'.padStart(16),
    ].join(' '),
  );
  for (const bundle of bundles) {
    console.info(
      [
        bundle.page.padEnd(26),
        kb(bundle.gzipBytes).padStart(7),
        String(bundle.files.length).padStart(6),
        (bundle.deferredGzipBytes > 0 ? `+${kb(bundle.deferredGzipBytes)}` : '').padStart(16),
        bundle.gzipBytes > BUDGET_BYTES ? 'OVER BUDGET' : '',
      ].join(' '),
    );
  }
  const admin = all.filter((bundle) => bundle.admin);
  if (admin.length > 0) {
    const largest = admin[0]!;
    console.info(
      `admin area (not public, outside the budget): ${admin.length} screens, largest ${largest.page} ${kb(largest.gzipBytes)} KB`,
    );
  }
  const pro = all.filter((bundle) => bundle.pro);
  if (pro.length > 0) {
    const largest = pro[0]!;
    console.info(
      `movers' /pro area (not public, outside the budget): ${pro.length} modules, largest ${largest.page} ${kb(largest.gzipBytes)} KB`,
    );
  }
  const manifest = readManifest();
  const entry = manifest[ENTRY];
  if (entry) {
    const shared = new Set<string>();
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || shared.has(chunk.file)) return;
      shared.add(chunk.file);
      for (const next of chunk.imports ?? []) walk(next);
    };
    walk(ENTRY);
    const sizes = [...shared].map(
      (file) => `${file} ${kb(gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file))).length)} KB`,
    );
    console.info(`every page: ${sizes.join(' + ')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bundles = pageBundles();
  printBundleTable(bundles);
  if (bundles.some((b) => isPublicPage(b) && b.gzipBytes > BUDGET_BYTES)) process.exitCode = 1;
}
