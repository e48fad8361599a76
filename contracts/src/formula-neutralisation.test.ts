/** The CSV downloads' formula neutralisation and the import's inverse: a round trip gives back what was stored. */
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreNeutralised } from './admin-companies';

describe('neutraliseFormula and restoreNeutralised', () => {
  it('puts an apostrophe before each formula character, and the import takes it away again', () => {
    const cases: Array<[string, string]> = [
      ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
      ['+1 555 0100', "'+1 555 0100"],
      ['-5 movers', "'-5 movers"],
      ['@Home Moving & Storage', "'@Home Moving & Storage"],
      ['\tTabbed', "'\tTabbed"],
      ['\rReturn', "'\rReturn"],
    ];
    for (const [stored, cell] of cases) {
      expect(neutraliseFormula(stored)).toBe(cell);
      expect(restoreNeutralised(cell)).toBe(stored);
    }
  });

  it('escapes text that really starts with an apostrophe before a formula character or an apostrophe', () => {
    // Without the extra apostrophe the import could not tell "'=x" as typed from "=x" neutralised.
    expect(neutraliseFormula("'=not a formula")).toBe("''=not a formula");
    expect(restoreNeutralised("''=not a formula")).toBe("'=not a formula");
    expect(neutraliseFormula("''quoted''")).toBe("'''quoted''");
    expect(restoreNeutralised("'''quoted''")).toBe("''quoted''");
    expect(neutraliseFormula("'")).toBe("'");
    expect(restoreNeutralised("'")).toBe("'");
  });

  it('leaves ordinary text alone both ways, a leading apostrophe before a letter included', () => {
    for (const text of [
      "'Round the Bend Movers",
      "'Tis the Season Moving",
      'Acme Movers',
      '',
      'a=b',
    ]) {
      expect(neutraliseFormula(text)).toBe(text);
      expect(restoreNeutralised(text)).toBe(text);
    }
  });

  it('round-trips every short string of the characters that matter', () => {
    const alphabet = ["'", '=', '+', '-', '@', '\t', '\r', 'a', ' '];
    const strings: string[] = [''];
    for (let length = 1; length <= 4; length++)
      for (const prefix of strings.filter((s) => s.length === length - 1))
        for (const c of alphabet) strings.push(prefix + c);
    expect(strings.length).toBe(1 + 9 + 81 + 729 + 6561);
    const broken = strings.filter((s) => restoreNeutralised(neutraliseFormula(s)) !== s);
    expect(broken).toEqual([]);
    // And what a download writes never starts a formula.
    const live = strings.filter((s) => /^[=+\-@\t\r]/.test(neutraliseFormula(s)));
    expect(live).toEqual([]);
  });
});
