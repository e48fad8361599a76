// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { adminTitle } from '../../features/admin/admin-nav';
import { canonicalPathOf } from './seo';

// Issue 12: `pathname.replace(/\/+$/, '')` retried the run of slashes from every position, so 15,000 of them
// and a letter held the event loop ~0.6 s; this many would hold it for minutes. Trimmed in one walk, these
// return at once (and the server refuses such paths with 414 long before they reach a page).
const HOSTILE = `/states/illinois${'/'.repeat(150_000)}x`;

describe('trailing-slash trimming of request paths', () => {
  it('gives the canonical path without trailing or doubled slashes, at once however many', () => {
    expect(canonicalPathOf('/states/illinois/')).toBe('/states/illinois');
    expect(canonicalPathOf('/states/illinois///')).toBe('/states/illinois');
    expect(canonicalPathOf('/')).toBe('/');
    expect(canonicalPathOf('///')).toBe('/');
    // Doubled slashes inside a path collapse too: one address per page (issue 15).
    expect(canonicalPathOf(HOSTILE)).toBe('/states/illinois/x');
    expect(canonicalPathOf(`/about${'/'.repeat(150_000)}`)).toBe('/about');
  });

  it('names the admin screen whatever trails its path', () => {
    expect(adminTitle('/admin/companies///')).toBe('Companies');
    expect(adminTitle(`/admin${'/'.repeat(150_000)}`)).toBe('Dashboard');
    expect(adminTitle(`/admin/leads${'/'.repeat(150_000)}x`)).toBe('Leads');
  });
});
