/**
 * Partner sites that embed the widget, and their allowed origins.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export {
  createPartner,
  findAdminPartner,
  listAdminPartners,
  updatePartner,
} from './admin/partner-admin';
export { listPartners, PartnerDirectory } from './partners';
export { QA_TEST_SITE_ID, TEST_DELIVERY_STATUS, testSiteIds } from './test-partners';
