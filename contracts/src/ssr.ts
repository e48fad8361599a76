/**
 * The agreement between the directory's server entry (directory/src/app/entry-server.tsx) and server/src/web,
 * which loads it (through Vite in
 * development, from directory/dist/server in production). Type-only, so the server can import it.
 */
import type { DirectoryData } from './directory-data';

/** The files a page must load, as URLs; the server reads them from Vite's manifest (or uses Vite's dev URLs). */
export interface DocumentAssets {
  styles: string[];
  /** Module scripts, in order. */
  scripts: string[];
  /** Chunks the entry imports, fetched early with <link rel="modulepreload">. */
  modulePreloads: string[];
}

export interface RenderOptions {
  data: DirectoryData;
  assets: DocumentAssets;
  /**
   * The chunks of each lazily loaded module by its path in directory/ (src/features/home/home-page.tsx), from
   * the client build's manifest: a page adds those of its matched routes to its module preloads. Absent in
   * development, where Vite serves the sources.
   */
  lazyModulePreloads?: Record<string, string[]>;
  /** Called with every error that is not a deliberate HTTP answer (a loader or render crash), for the log. */
  onError(error: unknown): void;
}

/**
 * Answers one document request: a redirect passed through from the router, or the page's HTML with the
 * router's status code (404 for unknown paths, 500 after a loader crash).
 */
export type RenderDocument = (request: Request, options: RenderOptions) => Promise<Response>;

export interface ServerEntryModule {
  render: RenderDocument;
}
