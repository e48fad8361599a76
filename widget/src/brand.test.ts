// @vitest-environment node
/** One brand colour (issue 15): the stylesheet's fallback for --ma-brand is contracts' BRAND_COLOR. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_COLOR } from '@moveratlas/contracts';

describe('the brand colour', () => {
  it('is the token wherever the widget stylesheet falls back to it', () => {
    const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
    const fallbacks = [...css.matchAll(/var\(--ma-brand,\s*([^)]+)\)/g)].map((m) => m[1]!.trim());
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(new Set(fallbacks)).toEqual(new Set([BRAND_COLOR]));
  });
});
