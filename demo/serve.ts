/**
 * The demo partner site: a static server on its own port (another origin than MoverAtlas) that serves
 * pages embedding the widget exactly as a partner would. `%WIDGET_ORIGIN%` in a page becomes the MoverAtlas
 * origin and `%NONCE%` a fresh nonce; /csp.html is sent with the strict CSP a careful partner uses.
 *
 *   DEMO_PORT=4000 WIDGET_ORIGIN=http://localhost:3000 tsx demo/serve.ts
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'public');
const port = Number(process.env.DEMO_PORT ?? 4000);
const widgetOrigin = (process.env.WIDGET_ORIGIN ?? 'http://localhost:3000').replace(/\/$/, '');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The strict policy of the issue: nonce + strict-dynamic scripts, same-origin styles, our API for fetches. */
export function strictCsp(nonce: string): string {
  return [
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "object-src 'none'",
    `connect-src 'self' ${widgetOrigin}`,
    "base-uri 'none'",
  ].join('; ');
}

const server = http.createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? '/', 'http://demo.local');
    const name = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    const file = path.join(publicDir, path.normalize(name));
    if (!file.startsWith(publicDir + path.sep)) {
      res.writeHead(400).end('Bad path');
      return;
    }
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const ext = path.extname(file);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    };
    if (ext === '.html') {
      const nonce = randomBytes(16).toString('base64');
      let html = body
        .toString('utf8')
        .replaceAll('%WIDGET_ORIGIN%', widgetOrigin)
        .replaceAll('%NONCE%', nonce);
      // ?widget=off: the same page without the loader, to show the widget changes nothing around it.
      if (url.searchParams.get('widget') === 'off')
        html = html.replace(/^.*\/widget\/loader\.js.*$/m, '');
      if (name === 'csp.html') headers['Content-Security-Policy'] = strictCsp(nonce);
      res.writeHead(200, headers).end(html);
      return;
    }
    res.writeHead(200, headers).end(body);
  })().catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end('Server error');
  });
});

server.listen(port, () => {
  console.info(`demo partner site on http://localhost:${port} (widget from ${widgetOrigin})`);
});
