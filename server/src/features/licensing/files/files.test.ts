import { describe, expect, it } from 'vitest';
import { FMCSA_FILES, recogniseHeader, rowReader } from '.';
import { censusFields, censusFile } from './census';
import { revocationsFile } from './revocations';

const CENSUS_HEADER = censusFields.map((f) => f.column);

/** A census row with every column filled as FMCSA does, overridden where a test says. */
function censusRow(values: Record<string, string> = {}): string[] {
  const base: Record<string, string> = {
    DOT_NUMBER: '0001234',
    LEGAL_NAME: 'ACME MOVING LLC',
    DBA_NAME: 'ACME MOVERS',
    CARRIER_OPERATION: 'A',
    HM_FLAG: 'N',
    PC_FLAG: 'N',
    PHY_STREET: '1 MAIN ST',
    PHY_CITY: 'DALLAS',
    PHY_STATE: 'TX',
    PHY_ZIP: '75201',
    PHY_COUNTRY: 'US',
    MAILING_STREET: 'PO BOX 1',
    MAILING_CITY: 'DALLAS',
    MAILING_STATE: 'TX',
    MAILING_ZIP: '75201-0001',
    MAILING_COUNTRY: 'US',
    TELEPHONE: '(214) 555-0100',
    FAX: '',
    EMAIL_ADDRESS: 'OFFICE@EXAMPLE.COM',
    MCS150_DATE: '15-JAN-24',
    MCS150_MILEAGE: '120000',
    MCS150_MILEAGE_YEAR: '2023',
    ADD_DATE: '03/04/2009',
    OIC_STATE: 'TX',
    NBR_POWER_UNIT: '12',
    DRIVER_TOTAL: '14',
    RECENT_MILEAGE: '110000',
    RECENT_MILEAGE_YEAR: '2023',
    VMT_SOURCE_ID: '1',
    AUTHORIZED_FOR_HIRE: 'Y',
  };
  return CENSUS_HEADER.map((c) => values[c] ?? base[c] ?? 'N');
}

describe('recognising a file by its header', () => {
  it('knows the census and the revocations, whatever the order and case of the columns', () => {
    expect(recogniseHeader(CENSUS_HEADER)).toEqual({ file: censusFile });
    expect(recogniseHeader([...CENSUS_HEADER].reverse().map((c) => c.toLowerCase()))).toEqual({
      file: censusFile,
    });
    expect(
      recogniseHeader([
        'DOCKET_NUMBER',
        'DOT_NUMBER',
        'OPERATING_AUTHORITY_REGISTRATION_TYPE',
        'SERVE_DATE',
        'REVOCATION_TYPE',
        'EFFECTIVE_DATE',
      ]),
    ).toEqual({ file: revocationsFile });
  });

  it('refuses another header in plain words', () => {
    expect(recogniseHeader(['name', 'city', 'state'])).toEqual({
      refusal:
        'The first line of the file is not the header of an FMCSA file we import (the motor carrier census or the L&I revocations file). Nothing was imported; upload the file as FMCSA publishes it, with its header line.',
    });
    const partial = recogniseHeader(CENSUS_HEADER.filter((c) => c !== 'MCS150_DATE'));
    expect(partial).toEqual({
      refusal:
        'The first line looks like the motor carrier census, but it lacks the column MCS150_DATE. Nothing was imported; upload the file as FMCSA publishes it.',
    });
  });

  it('every file module has a signature among its columns', () => {
    for (const file of FMCSA_FILES)
      for (const column of file.signature)
        expect(file.fields.map((f) => f.column)).toContain(column);
  });
});

describe('the census mapping', () => {
  const reader = rowReader(censusFile, CENSUS_HEADER);

  it('reads a row into a carrier, leading zeros ignored, both date styles', () => {
    const reading = reader.read(censusRow());
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.key).toBe(1234);
    expect(reading.fact).toMatchObject({
      dot_number: 1234,
      legal_name: 'ACME MOVING LLC',
      dba_name: 'ACME MOVERS',
      carrier_operation: 'A',
      hm_flag: false,
      authorized_for_hire: true,
      fax: null,
      mcs150_date: '2024-01-15',
      add_date: '2009-03-04',
      power_units: 12,
      drivers: 14,
      legal_name_key: 'acme moving llc',
      dba_name_key: 'acme movers',
    });
  });

  it('gives the same fact (and digest) whichever date style the release used', () => {
    const a = reader.read(censusRow({ MCS150_DATE: '15-JAN-24' }));
    const b = reader.read(censusRow({ MCS150_DATE: '01/15/2024', DOT_NUMBER: '1234' }));
    expect(a.ok && b.ok && a.hash === b.hash).toBe(true);
  });

  it('says what is wrong with a row in plain words', () => {
    expect(reader.read(censusRow({ DOT_NUMBER: '00000000' }))).toEqual({
      ok: false,
      problem: 'The USDOT number is missing or unknown',
    });
    expect(reader.read(censusRow({ HM_FLAG: 'maybe', MCS150_DATE: '31-APR-24' }))).toEqual({
      ok: false,
      problem:
        'The hazardous materials flag must be Y or N (it is "maybe"); The MCS-150 date "31-APR-24" is not a date (like 15-JAN-24 or 01/15/2024)',
    });
    expect(reader.read(censusRow({ CARRIER_OPERATION: 'Z' }))).toEqual({
      ok: false,
      problem: 'The carrier operation must be one of A, B, C (it is "Z")',
    });
    expect(reader.read(censusRow().slice(0, 5))).toEqual({
      ok: false,
      problem: `The row has 5 fields where the header has ${CENSUS_HEADER.length}`,
    });
  });
});

describe('the revocations mapping', () => {
  const header = revocationsFile.fields.map((f) => f.column);
  const reader = rowReader(revocationsFile, header);

  it('reads a revocation; 00000000 is an unknown USDOT number; an empty effective date is none', () => {
    const reading = reader.read([
      'MC012345',
      '00000000',
      'COMMON',
      '01/15/2024',
      'INVOLUNTARY REVOCATION',
      '',
    ]);
    expect(reading).toMatchObject({
      ok: true,
      key: 'MC12345|COMMON|2024-01-15|INVOLUNTARY REVOCATION||',
      fact: {
        docket: 'MC12345',
        dot_number: null,
        authority_type: 'COMMON',
        serve_date: '2024-01-15',
        effective_date: null,
      },
    });
  });

  it('keys a repeated docket by all the row says', () => {
    const a = reader.read([
      'MC1',
      '00000042',
      'COMMON',
      '01/15/2024',
      'INVOLUNTARY REVOCATION',
      '02/20/2024',
    ]);
    const b = reader.read([
      'MC1',
      '00000042',
      'BROKER',
      '01/15/2024',
      'INVOLUNTARY REVOCATION',
      '02/20/2024',
    ]);
    expect(a.ok && b.ok && a.key !== b.key).toBe(true);
  });

  it('refuses a docket without its prefix', () => {
    expect(reader.read(['12345', '1', 'COMMON', '01/15/2024', 'X', ''])).toEqual({
      ok: false,
      problem: 'The docket number "12345" is not a docket (MC, FF or MX and digits)',
    });
  });
});
