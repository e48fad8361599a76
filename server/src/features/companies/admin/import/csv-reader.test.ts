import { describe, expect, it } from 'vitest';
import { MAX_COLUMNS, readRecords, type CsvRecord } from './csv-reader';

async function* chunks(text: string, size = 7): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(text: string, size?: number) {
  let header: string[] | undefined;
  const records: CsvRecord[] = [];
  for await (const record of readRecords(chunks(text, size), (cells) => (header = cells)))
    records.push(record);
  return { header, records };
}

async function refusal(text: string): Promise<string> {
  try {
    await read(text, 64 * 1024);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the file was not refused');
}

describe('readRecords', () => {
  it('skips blank lines and still names the line each record starts on', async () => {
    for (const eol of ['\r\n', '\n']) {
      const text = ['name,city', '', '', 'a,b', '"multi', 'line",c', '', 'd,e', '', ''].join(eol);
      expect(await read(text)).toEqual({
        header: ['name', 'city'],
        records: [
          { line: 4, cells: ['a', 'b'] },
          { line: 5, cells: [`multi${eol}line`, 'c'] },
          { line: 8, cells: ['d', 'e'] },
        ],
      });
    }
  });

  it('hands on rows of another width than the header (the import rejects them) and drops rows of empty cells', async () => {
    const text = 'name,city,state\r\na\r\n,,\r\n  , ,\r\nb,c,d,e\r\nf,g,h\r\n';
    expect((await read(text)).records).toEqual([
      { line: 2, cells: ['a'] },
      { line: 5, cells: ['b', 'c', 'd', 'e'] },
      { line: 6, cells: ['f', 'g', 'h'] },
    ]);
  });

  it(`reads a header of ${MAX_COLUMNS} columns and refuses one more`, async () => {
    const header = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(',');
    expect((await read(`${header(MAX_COLUMNS)}\r\n`, 64 * 1024)).header).toHaveLength(MAX_COLUMNS);
    expect(await refusal(`${header(MAX_COLUMNS + 1)}\r\n`)).toBe(
      'The header has 1,001 columns; a companies file has at most 1,000 (download the template for the columns we read). Nothing was imported.',
    );
  });

  it('refuses a line longer than 200,000 characters, and a quoted value that runs on and on, naming their lines', async () => {
    expect(await refusal(`name,city\r\n\r\na,b\r\n${','.repeat(200_001)}\r\n`)).toBe(
      'Line 4 is longer than 200,000 characters: this is not a companies file, or a quote is not closed. Nothing was imported; fix the file.',
    );
    expect(await refusal(`name,city\r\na,b\r\n\r\n"open,${'text\r\n'.repeat(50_000)}`)).toBe(
      'The row that starts on line 4 is longer than 200,000 characters: a quote is probably not closed. Nothing was imported; fix the file.',
    );
    expect(await refusal('name,city\r\na,b\r\n\r\n\r\n"open,\r\nstill open')).toBe(
      'The file ends inside a quoted value that starts on line 5: it looks cut off, or a quote is missing. Nothing was imported; fix or complete the file.',
    );
  });
});
