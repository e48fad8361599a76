import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  apiRequestWithHeaders,
  defaultQueryFn,
  loadFailureMessage,
  queryKeyToPath,
} from './api-client';
import { failureMessage } from './failure-message';
import { createQueryClient, QUERY_STALE_TIME_MS } from './query-client';

function respond(body: string, init: ResponseInit = {}) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('queryKeyToPath', () => {
  it('uses a key whose only element is a path', () => {
    expect(queryKeyToPath(['/api/states'])).toBe('/api/states');
  });

  it('appends a second element that is an object as the query string, skipping empty values', () => {
    expect(
      queryKeyToPath(['/api/companies', { limit: 6, offset: 0, state: undefined, q: null }]),
    ).toBe('/api/companies?limit=6&offset=0');
    expect(queryKeyToPath(['/api/search', { q: 'a&b c' }])).toBe('/api/search?q=a%26b+c');
    expect(queryKeyToPath(['/api/companies?sort=name', { limit: 1 }])).toBe(
      '/api/companies?sort=name&limit=1',
    );
    expect(queryKeyToPath(['/api/states', {}])).toBe('/api/states');
  });

  it('uses a plain string key as the path', () => {
    expect(queryKeyToPath('/api/cities/major')).toBe('/api/cities/major');
  });

  it.each([
    [[]],
    [[42]],
    [['/api/states', 'illinois']],
    [['/api/states', ['x']]],
    [['/api/states', { a: 1 }, { b: 2 }]],
    [{ path: '/api/states' }],
    [undefined],
    ['https://evil.example/api'],
    [['//evil.example/api']],
    ['api/states'],
  ])('rejects %j with "Invalid query key"', (key) => {
    expect(() => queryKeyToPath(key)).toThrow(new Error('Invalid query key'));
  });
});

describe('apiRequest', () => {
  it('sends GET with a JSON content type, merges caller headers and options, and parses the answer', async () => {
    const fetchMock = respond('[{"name":"Illinois"}]', { status: 200 });
    const result = await apiRequest('/api/states', {
      headers: { 'X-Trace': '1' },
      cache: 'no-store',
    });
    expect(result).toEqual([{ name: 'Illinois' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/states');
    expect(init?.method).toBeUndefined();
    expect(init?.cache).toBe('no-store');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Trace')).toBe('1');
  });

  it('passes other methods and bodies through', async () => {
    const fetchMock = respond('{"ok":true}', { status: 201 });
    await apiRequest('/api/login', { method: 'POST', body: JSON.stringify({ username: 'ann' }) });
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{"username":"ann"}');
  });

  it('hands back the headers when asked', async () => {
    respond('[]', { status: 200, headers: { 'X-Total-Count': '17' } });
    const { data, headers } = await apiRequestWithHeaders<unknown[]>('/api/companies');
    expect(data).toEqual([]);
    expect(headers.get('X-Total-Count')).toBe('17');
  });

  it('reports the JSON error field of a failed response', async () => {
    respond('{"error":"No US state \\"atlantis\\"","message":"ignored"}', {
      status: 404,
      statusText: 'Not Found',
    });
    await expect(apiRequest('/api/states/atlantis')).rejects.toMatchObject({
      message: 'API Error: No US state "atlantis"',
      status: 404,
    });
  });

  it('falls back to the message field, then to the status text', async () => {
    respond('{"message":"Too many requests"}', { status: 429, statusText: 'Too Many Requests' });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: 'API Error: Too many requests',
    });
    respond('{"detail":"nothing useful"}', { status: 400, statusText: 'Bad Request' });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: 'API Error: Bad Request',
      status: 400,
    });
  });

  it('uses status code and status text when the error body is unreadable', async () => {
    respond('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: 'API Error: 502 Bad Gateway',
      status: 502,
    });
  });

  it('rejects a successful response that is not JSON', async () => {
    respond('<!doctype html><p>hello</p>', { status: 200 });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: 'Invalid JSON response from server',
    });
  });
});

describe('failureMessage (issue 15: what a page shows)', () => {
  const failed = async (body: string, init: ResponseInit) => {
    respond(body, init);
    return apiRequest('/api/x').then(
      () => undefined,
      (error: unknown) => error,
    );
  };

  it('never shows "Failed to fetch": the connection, in plain words', () => {
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(
      'We could not reach MoverAtlas. Check your internet connection, then try again.',
    );
  });

  it('never shows a status line or "Invalid JSON response from server"', async () => {
    const trouble = 'Our server is having trouble right now. Please try again in a minute.';
    expect(
      failureMessage(
        await failed('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    ).toBe(trouble);
    expect(failureMessage(await failed('{"error":"Internal server error"}', { status: 500 }))).toBe(
      trouble,
    );
    expect(failureMessage(await failed('<p>hello</p>', { status: 200 }))).toBe(trouble);
    // A bug is not the visitor's connection.
    expect(failureMessage(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      trouble,
    );
  });

  it('shows the server’s refusal of what was sent, a field’s code name in words, and what to do', async () => {
    expect(
      failureMessage(
        await failed('{"error":"email_address must be a valid e-mail address"}', { status: 400 }),
      ),
    ).toBe(
      'E-mail address must be a valid e-mail address. Please check your details and try again.',
    );
    expect(
      failureMessage(
        new ApiError(
          429,
          'API Error: Too many messages from this address; please try again in 60 seconds',
        ),
      ),
    ).toBe('Too many messages from this address; please try again in 60 seconds.');
  });
});

describe('defaultQueryFn and the query client', () => {
  it('fetches the path a query key names', async () => {
    const fetchMock = respond('{"q":"chicago"}', { status: 200 });
    const client = createQueryClient();
    const data = await client.fetchQuery({ queryKey: ['/api/search', { q: 'chicago' }] });
    expect(data).toEqual({ q: 'chicago' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/search?q=chicago');
  });

  it('fails queries with an invalid key without calling fetch', async () => {
    const fetchMock = respond('{}');
    const signal = new AbortController().signal;
    const context = { queryKey: [7], signal, meta: undefined, client: createQueryClient() };
    await expect(defaultQueryFn(context as never)).rejects.toThrow('Invalid query key');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('retries queries once, keeps data fresh for five minutes and never retries mutations', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(1);
    expect(defaults.queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('loadFailureMessage (a page’s own read, such as the featured list)', () => {
  it('says whether the connection or the server failed, and never repeats a refusal’s wording', () => {
    expect(loadFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'We could not reach MoverAtlas. Check your internet connection, then try again.',
    );
    expect(loadFailureMessage(new ApiError(400, 'API Error: limit must be at most 50'))).toBe(
      'Our server is having trouble right now. Please try again in a minute.',
    );
  });
});
