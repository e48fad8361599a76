/**
 * L&I revocations: one row per revocation of an operating authority. The same docket appears once per
 * revocation (its common and broker authority, revoked, reinstated and revoked again), so the fact's key is
 * the whole row: a repeated row is the same revocation found again, never a conflict.
 */
import { date, docket, text, usdot, type FieldSpec, type FmcsaFile } from './fmcsa-file';

export const revocationFields: readonly FieldSpec[] = [
  { column: 'DOCKET_NUMBER', field: 'docket', read: docket('docket number') },
  // Zero-padded to 8 digits; 00000000 when FMCSA does not know it.
  { column: 'DOT_NUMBER', field: 'dot_number', read: usdot('USDOT number') },
  {
    column: 'OPERATING_AUTHORITY_REGISTRATION_TYPE',
    field: 'authority_type',
    read: text('authority type', 40, { required: true }),
  },
  { column: 'SERVE_DATE', field: 'serve_date', read: date('serve date', { required: true }) },
  {
    column: 'REVOCATION_TYPE',
    field: 'revocation_type',
    read: text('revocation type', 60, { required: true }),
  },
  { column: 'EFFECTIVE_DATE', field: 'effective_date', read: date('effective date') },
];

export const revocationKey = (fact: Record<string, unknown>): string =>
  [
    fact.docket,
    String(fact.authority_type).toUpperCase(),
    fact.serve_date,
    String(fact.revocation_type).toUpperCase(),
    fact.effective_date ?? '',
    fact.dot_number ?? '',
  ].join('|');

export const revocationsFile: FmcsaFile = {
  kind: 'revocations',
  label: 'the L&I revocations file',
  signature: revocationFields.map((f) => f.column),
  fields: revocationFields,
  table: 'fmcsa_revocations',
  keyColumn: 'revocation_key',
  keyOf: revocationKey,
  derivedColumns: ['revocation_key'],
  derived: (fact) => ({ revocation_key: revocationKey(fact) }),
};
