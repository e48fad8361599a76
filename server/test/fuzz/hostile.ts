/**
 * Hostile requests for the fuzz suite: what attackers, broken clients and crawlers send. Path parameters,
 * query strings, bodies and headers are drawn separately and combined per request; every value is already
 * encoded for the wire (a path must be Latin-1 without spaces for Node's client to send it).
 */
import fc from 'fast-check';

/** A parameter value, percent-encoded where it has to be (plus some that are badly encoded on purpose). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '1',
      '0',
      '-1',
      '1.5',
      '1e309',
      '99999999999999999999999',
      '9007199254740993',
      'NaN',
      'Infinity',
      'null',
      'undefined',
      'true',
      '__proto__',
      'constructor',
      'hasOwnProperty',
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AF',
      '%ED%A0%80',
      '%FF%FE',
      '%00',
      '%0A%0D',
      '%2e%2e',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%2F%2F%2E%2E%2F',
      '%20',
      '%F0%9F%98%80',
      "'%20OR%201%3D1--",
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'illinois',
      'IL',
      'chicago',
      'a'.repeat(2000),
      '9'.repeat(400),
    ),
  },
);

const QUERY_KEYS = [
  'limit',
  'offset',
  'page',
  'q',
  'state',
  'city',
  'service',
  'sort',
  'order',
  'featured',
  'status',
  'type',
  'from',
  'to',
  'id',
  'url',
  'filename',
  'days',
  'group',
  'size',
  'partner',
  'error',
  'zip',
  '__proto__',
  'constructor',
];

const queryValue = fc.oneof(
  hostileSegment,
  fc.constantFrom(
    '',
    '10',
    '1,2,3',
    'desc',
    'rating',
    '2026-13-45',
    '1e3',
    '-0',
    '0x10',
    'a'.repeat(5000),
  ),
);

/** key=value pairs, keys repeated (arrays where strings are expected), bracketed, unknown, encoded badly. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 6,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...QUERY_KEYS),
            fc.constantFrom(...QUERY_KEYS).map((k) => `${k}[]`),
            fc.constantFrom(...QUERY_KEYS).map((k) => `${k}[a][b]`),
            fc.string({ maxLength: 10 }).map(encodeURIComponent),
          ),
          queryValue,
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?%',
      '?&&&=&=',
      '?limit=1&limit=2&limit=3',
      `?${'a=1&'.repeat(2000)}`,
      `?q=${'%25'.repeat(1000)}`,
      '?limit=1e400&offset=-99999999999999999999',
    ),
  },
);

/** Nested `depth` levels deep, as JSON text (10,000 arrays is what the brief asks for). */
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const FIELD_NAMES = [
  'username',
  'password',
  'currentPassword',
  'newPassword',
  'name',
  'email',
  'phone',
  'message',
  'slug',
  'status',
  'note',
  'siteName',
  'leadBackendUrl',
  'url',
  'siteId',
  'origins',
  'active',
  'isFeatured',
  'is_featured',
  'isInList',
  'cron',
  'script',
  'params',
  'input',
  'services',
  'logo',
  'photos',
  'city',
  'state',
  'zip_code',
  'suites',
  'from_zip',
  'to_zip',
  'move_size',
  'lead_uuid',
  '__proto__',
  'constructor',
];

const hostileScalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.double(),
  fc.integer(),
  fc.bigInt().map((n) => n.toString()),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('\u0000', '\u001b[31m', '\u202e', '😀'.repeat(50), 'x'.repeat(20_000), '1e309'),
);

/** A JSON object with our field names, holding wrong types and hostile values. */
const fieldObject = fc
  .dictionary(
    fc.constantFrom(...FIELD_NAMES),
    fc.oneof(
      hostileScalar,
      fc.array(hostileScalar, { maxLength: 3 }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    { maxKeys: 6 },
  )
  .map((object) => JSON.stringify(object));

export interface HostileBody {
  contentType: string | undefined;
  contentEncoding?: string;
  body: Buffer;
}

const text = (contentType: string | undefined, body: string): HostileBody => ({
  contentType,
  body: Buffer.from(body),
});

export const hostileBody: fc.Arbitrary<HostileBody> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(text(undefined, '')) },
  { weight: 4, arbitrary: fieldObject.map((b) => text('application/json', b)) },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => text('application/json', JSON.stringify(v))) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<HostileBody>(
      text('application/json', nestedArrays(10_000)),
      text('application/json', nestedObjects(5_000)),
      text('application/json', '{"a":'),
      text('application/json', 'not json'),
      text('application/json', '1e999999'),
      text('application/json', '123456789012345678901234567890'),
      text('application/json', '"just a string"'),
      text('application/json', 'null'),
      text(
        'application/json',
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      ),
      text('application/json', `[${'1,'.repeat(5000)}1]`),
      text('application/json; charset=utf-16', '{"a":1}'),
      text('application/json; charset=koi8-r', '{"a":1}'),
      text('application/json; charset=', '{"a":1}'),
      text('text/plain', 'hello'),
      text('application/x-www-form-urlencoded', 'a=1&a=2&b[c]=3&%zz=%'),
      text('application/x-www-form-urlencoded', `${'k=v&'.repeat(2000)}`),
      text(
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      ),
      text('multipart/form-data', 'garbage'),
      text('application/octet-stream', '\u0000\u0001\u0002'),
      text('text/csv', 'name,city,state\r\n"never closed,Austin,TX\r\n'),
      text('application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'),
      text('*/*', '{}'),
      text('application/json', `{"a":"${'x'.repeat(40_000)}"}`),
      {
        contentType: 'application/json',
        body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
      },
      {
        contentType: 'application/json',
        contentEncoding: 'gzip',
        body: Buffer.from('not gzip at all'),
      },
      { contentType: 'application/json', contentEncoding: 'br', body: Buffer.from('\u0000\u0001') },
      { contentType: 'application/json', contentEncoding: 'x-unknown', body: Buffer.from('{}') },
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 30 }), { maxKeys: 6 })
      .map((fields) =>
        text('application/x-www-form-urlencoded', new URLSearchParams(fields).toString()),
      ),
  },
);

/** Extra request headers: odd origins, broken cookies, huge values (under Node's 16 KB header limit). */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { Accept: 'application/json' },
      { Accept: '*/*;q=abc, text/html;q=2' },
      { 'Accept-Encoding': 'gzip;q=abc, br;q=-1, *' },
      { 'Accept-Language': 'x'.repeat(8000) },
      { Cookie: `ma_session=${'A'.repeat(6000)}; ma_csrf=%zz` },
      { Cookie: 'ma_session=%; ma_session=%E0%A4%A; =; ;;' },
      { Origin: 'null' },
      { Origin: 'https://evil.example' },
      { Origin: 'http://localhost:4000' },
      { Referer: 'javascript:alert(1)' },
      { 'X-Forwarded-Proto': 'gopher' },
      { 'X-Forwarded-Host': 'evil.example' },
      { Range: 'bytes=999999999-' },
      { 'If-None-Match': '*' },
      { 'If-Modified-Since': 'not a date' },
      { 'User-Agent': '\u00ff'.repeat(4000) },
      { 'X-CSRF-Token': 'x'.repeat(8000) },
      { Authorization: 'Bearer ' + 'x'.repeat(4000) },
    ),
  },
);

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Usually the endpoint's own method; sometimes another one. */
export const methodFor = (own: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(own) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
    },
  );
