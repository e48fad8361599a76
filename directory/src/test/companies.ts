/** Companies for component tests, in the API's shape. */
import type { Company } from '@moveratlas/contracts';

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
