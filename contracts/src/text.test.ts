import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMultilineText, isPlainText, multilineText, plainText, unshowableText } from './text';

/** Every C0 and C1 control character and DEL. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((code) => String.fromCharCode(code));

describe('plain and multi-line text', () => {
  it('accepts what people type: accents, other scripts, emoji, symbols', () => {
    for (const text of [
      'Zoë Müller-Łukasz',
      '東京引越センター',
      'Movers 🚚 & Co.',
      "O'Brien — “Best”",
      '',
    ]) {
      expect(isPlainText(text)).toBe(true);
      expect(isMultilineText(text)).toBe(true);
    }
  });

  it('refuses every C0 and C1 control character in one line of text, TAB, LF and CR included', () => {
    expect(CONTROLS).toHaveLength(65);
    for (const control of CONTROLS)
      expect([control, isPlainText(`Acme${control}Movers`)]).toEqual([control, false]);
  });

  it('allows TAB, LF and CR in multi-line text, and no other control character', () => {
    const allowed = CONTROLS.filter((c) => isMultilineText(`line one${c}line two`));
    expect(allowed).toEqual(['\t', '\n', '\r']);
    expect(isMultilineText('First line\r\nSecond line\n\tindented')).toBe(true);
  });

  it('refuses half of a surrogate pair anywhere, and accepts whole pairs', () => {
    const truck = '🚚';
    const [high, low] = [truck[0]!, truck[1]!];
    for (const text of [
      high,
      low,
      `a${high}`,
      `${low}a`,
      `${high}${high}${low}`,
      `${low}${truck}`,
    ]) {
      expect(isPlainText(text)).toBe(false);
      expect(isMultilineText(text)).toBe(false);
    }
    expect(isPlainText(`${truck}${truck}`)).toBe(true);
  });

  it('adds the check to a zod string schema with the field named in plain words', () => {
    const name = plainText(z.string().trim().max(20, 'Name is too long'), 'Name');
    expect(name.parse('  Acme  ')).toBe('Acme');
    expect(name.safeParse('Acme\u0000').error?.issues.map((i) => i.message)).toEqual([
      'Name contains characters that cannot be shown',
    ]);
    const message = multilineText(z.string(), 'Message');
    expect(message.parse('Hello,\r\nthanks')).toBe('Hello,\r\nthanks');
    expect(message.safeParse('Hello\u001b[31m').error?.issues[0]?.message).toBe(
      unshowableText('Message'),
    );
  });

  it('finds the one bad character at the end of a long text, and in a long run of half pairs', () => {
    const text = '\uD800'.repeat(100_000);
    expect(isPlainText(text)).toBe(false);
    expect(isMultilineText(`${'a'.repeat(1_000_000)}\u0007`)).toBe(false);
  });
});
