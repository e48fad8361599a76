// The SEO Health and QA tests import the admin test support from here; it lives in ../test-support.
export { json, renderAdminScreens, type Api } from '../test-support';
