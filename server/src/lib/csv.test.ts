import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

/** A small RFC 4180 reader, to prove that what csvRow writes reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('csvCell', () => {
  it('leaves plain text alone and writes null and undefined as empty', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(false)).toBe('false');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Austin, TX')).toBe('"Austin, TX"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('neutralises a formula-looking cell %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('only looks at the first character', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('ada@example.com')).toBe('ada@example.com');
    expect(csvCell('2026-12-15')).toBe('2026-12-15');
  });
});

describe('csvRow', () => {
  it('ends rows with CRLF and reads back cell for cell', () => {
    const cells = ['x', 'Austin, TX', 'quote " inside', 'multi\nline', '', '=1+1', 'José'];
    const text = csvRow(cells) + csvRow(['second', 'row']);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['x', 'Austin, TX', 'quote " inside', 'multi\nline', '', "'=1+1", 'José'],
      ['second', 'row'],
    ]);
  });
});
