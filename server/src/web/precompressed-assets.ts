/**
 * The client build's hashed scripts and stylesheets, compressed once at the strongest settings (brotli 11,
 * gzip 9) instead of at every request by the compression middleware (brotli 4, gzip 6): about 13% fewer
 * bytes for every page's JavaScript on a phone's connection, and no compression work per asset request.
 *
 * `npm run build` writes them beside each file (`app-1a2b.js.br`, `.gz`; precompress-cli.ts), and a server
 * reads them at start. Compressing at start instead cost every process 2-3 s of CPU at brotli 11 — every
 * process of a fleet at each deploy, and each of the ~200 apps the server tests start (docs/decisions/032).
 * A file built without them (a build by `vite build` alone) is still compressed, in the background on the
 * thread pool; until a file is ready (or for a client that accepts neither encoding) express.static serves it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing; images and fonts in assets/ are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|map)$/;

interface Compressed {
  br: Buffer;
  gzip: Buffer;
  /** The same weak validator express.static gives the file (size and modification time). */
  etag: string;
}

export interface PrecompressedAssets {
  handler: RequestHandler;
  /** Resolves once every file is compressed (tests and benchmarks wait for it). */
  ready: Promise<void>;
}

/** A file's brotli and gzip forms at the strongest settings. */
export async function compressAsset(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

/** The forms `npm run build` wrote beside a file, when both are there and newer than it. */
async function readBuilt(file: string): Promise<{ br: Buffer; gzip: Buffer } | null> {
  try {
    const [source, brStat, gzStat] = await Promise.all(
      [file, `${file}.br`, `${file}.gz`].map((f) => fs.promises.stat(f)),
    );
    if (brStat!.mtimeMs < source!.mtimeMs || gzStat!.mtimeMs < source!.mtimeMs) return null;
    const [br, gz] = await Promise.all([
      fs.promises.readFile(`${file}.br`),
      fs.promises.readFile(`${file}.gz`),
    ]);
    return { br, gzip: gz };
  } catch {
    return null;
  }
}

/** The files of a build's assets folder worth compressing. */
export const compressibleFiles = (assetsDir: string): string[] =>
  fs.existsSync(assetsDir)
    ? fs.readdirSync(assetsDir).filter((name) => COMPRESSIBLE.test(name))
    : [];

export function precompressedAssets(assetsDir: string, logger: Logger): PrecompressedAssets {
  const files = new Map<string, Compressed>();
  const names = compressibleFiles(assetsDir);

  const compress = async (name: string) => {
    const file = path.join(assetsDir, name);
    const [body, stat] = await Promise.all([fs.promises.readFile(file), fs.promises.stat(file)]);
    const built = await readBuilt(file);
    const { br, gzip: gz } = built ?? (await compressAsset(body));
    files.set(name, {
      br,
      gzip: gz,
      etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    });
  };

  // One file after another: the thread pool stays free for the requests meanwhile.
  const ready = names
    .reduce((previous, name) => previous.then(() => compress(name)), Promise.resolve())
    .catch((error: unknown) => {
      // Serving then falls back to express.static and on-the-fly compression.
      logger.warn({ err: error }, 'directory: precompressing the client assets failed');
    });

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const compressed = files.get(name);
    if (!compressed) return next();
    const encoding = req.acceptsEncodings('br')
      ? 'br'
      : req.acceptsEncodings('gzip')
        ? 'gzip'
        : undefined;
    if (!encoding) return next();
    res.vary('Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', compressed.etag);
    res.setHeader('Content-Encoding', encoding);
    res.type(path.extname(name));
    res.send(compressed[encoding]);
  };

  return { handler, ready };
}
