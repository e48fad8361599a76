import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCachedPage, PageCache, type PageAnswer } from './page-cache';

const page = (body: string, overrides: Partial<PageAnswer> = {}): PageAnswer => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  cookies: [],
  body: Buffer.from(body),
  ...overrides,
});

/** A render that waits until released, counting how often it ran. */
function gatedRender(answer: PageAnswer) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const render = vi.fn(async () => {
    await gate;
    return answer;
  });
  return { render, release };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PageCache', () => {
  it('renders once for concurrent requests of one page and answers later ones from memory', async () => {
    const cache = new PageCache(10_000);
    const { render, release } = gatedRender(page('<p>home</p>'));
    const waiting = [cache.get('a', render), cache.get('a', render), cache.get('a', render)];
    release();
    const answers = await Promise.all(waiting);
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set(answers).size).toBe(1);
    expect(cache.lookup('a')).toBe(answers[0]);
    await cache.get('a', render);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps the page compressed in gzip and brotli, with a weak ETag of its bytes', async () => {
    const cache = new PageCache(10_000);
    const html = '<!DOCTYPE html><p>' + 'movers '.repeat(500) + '</p>';
    const answer = await cache.get('a', async () => page(html));
    if (!isCachedPage(answer)) throw new Error('expected a cached page');
    expect(gunzipSync(answer.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(answer.br).toString()).toBe(html);
    expect(answer.gzip.length).toBeLessThan(html.length / 10);
    expect(answer.etag).toMatch(/^W\/"[0-9a-f]+-[\w-]+"$/);
    const other = await new PageCache(10_000).get('a', async () => page(html + ' '));
    if (!isCachedPage(other)) throw new Error('expected a cached page');
    expect(other.etag).not.toBe(answer.etag);
  });

  it.each([
    ['a 404', page('missing', { status: 404 })],
    ['a 500', page('failed', { status: 500 })],
    ['a redirect', page('', { status: 301, headers: [['location', '/states']] })],
    ['an answer that sets a cookie', page('hi', { cookies: ['session=1; HttpOnly'] })],
    ['a private answer', page('hi', { headers: [['cache-control', 'private, max-age=0']] })],
    ['an answer marked no-store', page('hi', { headers: [['Cache-Control', 'no-store']] })],
  ])('never keeps %s, but hands it to the requests that waited for it', async (_label, answer) => {
    const cache = new PageCache(10_000);
    const { render, release } = gatedRender(answer);
    const waiting = [cache.get('a', render), cache.get('a', render)];
    release();
    for (const result of await Promise.all(waiting)) {
      expect(result).toBe(answer);
      expect(isCachedPage(result)).toBe(false);
    }
    expect(cache.lookup('a')).toBeUndefined();
    await cache.get('a', render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('lets every waiting request see a failed render, then tries again', async () => {
    const cache = new PageCache(10_000);
    const render = vi.fn().mockRejectedValueOnce(new Error('database down'));
    const waiting = [cache.get('a', render), cache.get('a', render)];
    for (const result of waiting) await expect(result).rejects.toThrow('database down');
    render.mockResolvedValueOnce(page('back'));
    expect((await cache.get('a', render)).body.toString()).toBe('back');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('renders again once the page is older than the time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new PageCache(10_000);
    const render = vi.fn(async () => page('home'));
    await cache.get('a', render);
    vi.setSystemTime(Date.now() + 9_999);
    expect(cache.lookup('a')).toBeDefined();
    vi.setSystemTime(Date.now() + 2);
    expect(cache.lookup('a')).toBeUndefined();
    await cache.get('a', render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('forgets everything on clear(), including a render that was running', async () => {
    const cache = new PageCache(10_000);
    await cache.get('a', async () => page('old a'));
    const { render, release } = gatedRender(page('old b'));
    const running = cache.get('b', render);
    cache.clear();
    expect(cache.lookup('a')).toBeUndefined();
    // A request after the write does not join the render that read before it.
    const fresh = cache.get('b', async () => page('new b'));
    release();
    expect((await running).body.toString()).toBe('old b');
    expect((await fresh).body.toString()).toBe('new b');
    expect(cache.lookup('b')?.body.toString()).toBe('new b');
  });

  it('stays within its memory budget, dropping the least recently used pages first', async () => {
    // Random bytes do not compress: each page costs about three times its 1,000 bytes.
    const cache = new PageCache(10_000, 10_000);
    for (const key of ['a', 'b', 'c']) {
      await cache.get(key, async () => page('', { body: randomBytes(1000) }));
    }
    expect(cache.size.entries).toBe(3);
    cache.lookup('a');
    await cache.get('d', async () => page('', { body: randomBytes(1000) }));
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.lookup('b')).toBeUndefined();
    expect(cache.lookup('a')).toBeDefined();
    expect(cache.lookup('d')).toBeDefined();
  });

  it('is off with a time to live of 0', () => {
    expect(new PageCache(0).enabled).toBe(false);
    expect(new PageCache(1000).enabled).toBe(true);
  });
});
