import { describe, expect, it } from 'vitest';
import { adminReturnPath, isStaleWriteBody, sameValue } from './record-versions';

describe('adminReturnPath', () => {
  it('keeps a page of the admin area, with its query', () => {
    expect(adminReturnPath('/admin')).toBe('/admin');
    expect(adminReturnPath('/admin/companies/42')).toBe('/admin/companies/42');
    expect(adminReturnPath('/admin/companies?q=acme&page=2')).toBe(
      '/admin/companies?q=acme&page=2',
    );
  });

  it.each([
    null,
    '',
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example',
    '/admin\\..\\',
    '/administrator',
    '/admin/../login',
    '/login',
    '/',
    'javascript:alert(1)',
    '/admin/\u0000x',
    `/admin/${'a'.repeat(2000)}`,
  ])('refuses %j: no open redirect, nowhere outside the admin area', (next) => {
    expect(adminReturnPath(next)).toBeUndefined();
  });
});

describe('stale-write answers', () => {
  it('tells a 409 with the record as saved from one that only says why', () => {
    expect(isStaleWriteBody({ error: 'x', current: { id: 1 }, changed: [] })).toBe(true);
    expect(isStaleWriteBody({ error: 'slug "x" is already used by another company' })).toBe(false);
    expect(isStaleWriteBody(null)).toBe(false);
  });

  it('compares field values by what they hold', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue('', null)).toBe(false);
  });
});
