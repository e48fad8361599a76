/**
 * The motor carrier census (FMCSA's SMS census file): one carrier per row, keyed by its USDOT number. Every
 * column the issue lists is read; the flags are Y/N, the dates in either release's style.
 */
import { nameKey } from '../fmcsa-values';
import { code, count, date, flag, text, usdot, type FieldSpec, type FmcsaFile } from './fmcsa-file';

const place = (prefix: 'PHY' | 'MAILING', field: 'phy' | 'mailing', where: string): FieldSpec[] => [
  { column: `${prefix}_STREET`, field: `${field}_street`, read: text(`${where} street`, 200) },
  { column: `${prefix}_CITY`, field: `${field}_city`, read: text(`${where} city`, 100) },
  { column: `${prefix}_STATE`, field: `${field}_state`, read: text(`${where} state`, 4) },
  { column: `${prefix}_ZIP`, field: `${field}_zip`, read: text(`${where} ZIP code`, 12) },
  { column: `${prefix}_COUNTRY`, field: `${field}_country`, read: text(`${where} country`, 4) },
];

/** The kinds of operation (Y/N each) that say what a carrier may carry, in the census's order. */
const OPERATIONS: Array<[column: string, label: string]> = [
  ['PRIVATE_ONLY', 'private-only flag'],
  ['AUTHORIZED_FOR_HIRE', 'authorized-for-hire flag'],
  ['EXEMPT_FOR_HIRE', 'exempt-for-hire flag'],
  ['PRIVATE_PROPERTY', 'private-property flag'],
  ['PRIVATE_PASSENGER_BUSINESS', 'private-passenger (business) flag'],
  ['PRIVATE_PASSENGER_NONBUSINESS', 'private-passenger (non-business) flag'],
  ['MIGRANT', 'migrant flag'],
  ['US_MAIL', 'US mail flag'],
  ['FEDERAL_GOVERNMENT', 'federal government flag'],
  ['STATE_GOVERNMENT', 'state government flag'],
  ['LOCAL_GOVERNMENT', 'local government flag'],
  ['INDIAN_TRIBE', 'Indian tribe flag'],
  ['OP_OTHER', 'other-operation flag'],
];

export const censusFields: readonly FieldSpec[] = [
  { column: 'DOT_NUMBER', field: 'dot_number', read: usdot('USDOT number', { required: true }) },
  { column: 'LEGAL_NAME', field: 'legal_name', read: text('legal name', 200, { required: true }) },
  { column: 'DBA_NAME', field: 'dba_name', read: text('DBA name', 200) },
  // A interstate, B intrastate hazmat, C intrastate non-hazmat.
  {
    column: 'CARRIER_OPERATION',
    field: 'carrier_operation',
    read: code('carrier operation', ['A', 'B', 'C']),
  },
  { column: 'HM_FLAG', field: 'hm_flag', read: flag('hazardous materials flag') },
  { column: 'PC_FLAG', field: 'pc_flag', read: flag('passenger carrier flag') },
  ...place('PHY', 'phy', 'physical address’s'),
  ...place('MAILING', 'mailing', 'mailing address’s'),
  { column: 'TELEPHONE', field: 'telephone', read: text('telephone number', 30) },
  { column: 'FAX', field: 'fax', read: text('fax number', 30) },
  { column: 'EMAIL_ADDRESS', field: 'email_address', read: text('e-mail address', 200) },
  { column: 'MCS150_DATE', field: 'mcs150_date', read: date('MCS-150 date') },
  { column: 'MCS150_MILEAGE', field: 'mcs150_mileage', read: count('MCS-150 mileage', 1e12) },
  {
    column: 'MCS150_MILEAGE_YEAR',
    field: 'mcs150_mileage_year',
    read: count('MCS-150 mileage year', 2999),
  },
  { column: 'ADD_DATE', field: 'add_date', read: date('date added') },
  { column: 'OIC_STATE', field: 'oic_state', read: text('OIC state', 4) },
  { column: 'NBR_POWER_UNIT', field: 'power_units', read: count('number of power units') },
  { column: 'DRIVER_TOTAL', field: 'drivers', read: count('number of drivers') },
  { column: 'RECENT_MILEAGE', field: 'recent_mileage', read: count('recent mileage', 1e12) },
  {
    column: 'RECENT_MILEAGE_YEAR',
    field: 'recent_mileage_year',
    read: count('recent mileage year', 2999),
  },
  { column: 'VMT_SOURCE_ID', field: 'vmt_source_id', read: count('mileage source', 999) },
  ...OPERATIONS.map(([column, label]) => ({
    column,
    field: column.toLowerCase(),
    read: flag(label),
  })),
];

export const censusFile: FmcsaFile = {
  kind: 'census',
  label: 'the motor carrier census',
  signature: [
    'DOT_NUMBER',
    'LEGAL_NAME',
    'DBA_NAME',
    'CARRIER_OPERATION',
    'PHY_STATE',
    'MCS150_DATE',
    'NBR_POWER_UNIT',
    'DRIVER_TOTAL',
    'AUTHORIZED_FOR_HIRE',
  ],
  fields: censusFields,
  table: 'fmcsa_carriers',
  keyColumn: 'dot_number',
  keyOf: (fact) => fact.dot_number as number,
  uniqueNumber: (fact) => fact.dot_number as number,
  derivedColumns: ['legal_name_key', 'dba_name_key'],
  derived: (fact) => ({
    legal_name_key: nameKey(String(fact.legal_name ?? '')).slice(0, 200),
    dba_name_key: fact.dba_name === null ? null : nameKey(String(fact.dba_name)).slice(0, 200),
  }),
};
