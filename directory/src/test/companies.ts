/** Companies for component tests, in the API's shape. */
import type { Company, CompanyLicensing } from '@moveratlas/contracts';

export function testCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 1,
    name: 'Prairie Movers',
    slug: 'prairie-movers',
    description: 'Local and long-distance moves around Chicago.',
    website: 'https://prairie.example.com',
    phone: '3125550123',
    email: 'hello@prairie.example.com',
    logo: '/images/logos/3.svg',
    photoUrls: [],
    street: '1 Main St',
    zipCode: '60601',
    city: { name: 'Chicago', slug: 'chicago' },
    state: { name: 'Illinois', slug: 'illinois', abbreviation: 'IL' },
    lat: 41.88,
    lng: -87.63,
    rating: 4.5,
    reviewCount: 120,
    isFeatured: false,
    isInList: true,
    services: [
      { id: 'local-moving', name: 'Local Moving' },
      { id: 'long-distance-moving', name: 'Long Distance Moving' },
      { id: 'packing-services', name: 'Packing Services' },
      { id: 'storage', name: 'Storage' },
    ],
    usdotNumber: '1234567',
    mcNumber: 'MC-765432',
    foundedYear: 2001,
    yearsInBusiness: 25,
    serviceArea: 'Chicago, IL and within 50 miles',
    serviceRadiusMiles: 50,
    ...overrides,
  };
}

/** A profile's Licensing panel: a carrier found in the census of November 1, 2026, no red flags. */
export function testLicensing(
  overrides: {
    facts?: Partial<CompanyLicensing['facts']>;
    assessment?: Partial<CompanyLicensing['assessment']>;
  } = {},
): CompanyLicensing {
  const census = { kind: 'census', file: 'FMCSA_CENSUS1_2026Nov.txt', date: '2026-11-01' } as const;
  return {
    facts: {
      company: {
        name: 'Prairie Movers',
        usdotNumber: '1234567',
        mcNumber: 'MC-765432',
        offersInterstate: true,
      },
      matchedBy: 'usdot',
      docket: 'MC765432',
      carrier: {
        dotNumber: 1234567,
        legalName: 'PRAIRIE MOVERS LLC',
        dbaName: null,
        operation: 'A',
        authorizedForHire: true,
        exemptForHire: false,
        privateOnly: false,
        powerUnits: 6,
        drivers: 8,
        mcs150Date: '2026-03-02',
        city: 'CHICAGO',
        state: 'IL',
        source: census,
        seenOn: '2026-11-01',
      },
      revocations: [],
      censusDate: '2026-11-01',
      ...overrides.facts,
    },
    assessment: {
      badge: 'checked',
      checkedOn: '2026-11-01',
      authority: 'active',
      redFlags: [],
      ...overrides.assessment,
    },
  };
}
