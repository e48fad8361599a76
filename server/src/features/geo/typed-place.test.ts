import { describe, expect, it } from 'vitest';
import { citySearchNameSpellings } from '../../lib/search-tokens';
import { readTypedPlace } from './typed-place';

describe('readTypedPlace', () => {
  it.each([
    ['Seattle, WA', { zip: undefined, city: 'Seattle', stateAbbreviation: 'WA' }],
    ['seattle wa', { zip: undefined, city: 'seattle', stateAbbreviation: 'WA' }],
    ['Portland, Oregon', { zip: undefined, city: 'Portland', stateAbbreviation: 'OR' }],
    ['St. Louis, MO', { zip: undefined, city: 'St. Louis', stateAbbreviation: 'MO' }],
    ['Saint Paul MN', { zip: undefined, city: 'Saint Paul', stateAbbreviation: 'MN' }],
    ['Kansas City Missouri', { zip: undefined, city: 'Kansas City', stateAbbreviation: 'MO' }],
    ['98101', { zip: '98101', city: '', stateAbbreviation: undefined }],
    ['  98101-2345 ', { zip: '98101', city: '', stateAbbreviation: undefined }],
    ['Chicago, IL 60601', { zip: '60601', city: 'Chicago', stateAbbreviation: 'IL' }],
    ['60601 Chicago, IL', { zip: '60601', city: 'Chicago', stateAbbreviation: 'IL' }],
    ['Chicago, IL, 60601', { zip: '60601', city: 'Chicago', stateAbbreviation: 'IL' }],
    ['Chicago, Illinois, USA', { zip: undefined, city: 'Chicago', stateAbbreviation: 'IL' }],
    ['Columbus OH US', { zip: undefined, city: 'Columbus', stateAbbreviation: 'OH' }],
    ['Seattle', { zip: undefined, city: 'Seattle', stateAbbreviation: undefined }],
    ['', { zip: undefined, city: '', stateAbbreviation: undefined }],
  ])('%j', (text, expected) => {
    expect(readTypedPlace(text)).toEqual(expected);
  });

  it('takes no ZIP out of a longer number', () => {
    expect(readTypedPlace('123456').zip).toBeUndefined();
  });
});

describe('citySearchNameSpellings', () => {
  it('looks a name up as typed, spelled out and abbreviated', () => {
    expect(citySearchNameSpellings('St. Louis')).toEqual(['st louis', 'saint louis']);
    expect(citySearchNameSpellings('Saint James')).toEqual(['saint james', 'st james']);
    expect(citySearchNameSpellings('Port St Lucie')).toEqual(['port st lucie', 'port saint lucie']);
    expect(citySearchNameSpellings('Mount Baldy')).toEqual(['mount baldy', 'mt baldy']);
    expect(citySearchNameSpellings('Seattle')).toEqual(['seattle']);
    expect(citySearchNameSpellings(' , ')).toEqual([]);
  });
});
