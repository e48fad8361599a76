/** The least a company needs to be created through the admin API: a listed mover in Austin, TX. */
import type { CompanyInputValues } from '@moveratlas/contracts';

export const austinCompanyForm = (name: string): CompanyInputValues => ({
  name,
  description: 'Local moves across the Hill Country.',
  website: '',
  phone: '',
  email: '',
  logo: '',
  photo_urls: [],
  street: '',
  city: 'Austin',
  state: 'TX',
  zip_code: '',
  usdot_number: '',
  mc_number: '',
  founded_year: null,
  service_area: '',
  service_radius_miles: null,
  services: ['local-moving'],
  is_featured: false,
  is_in_list: true,
});
