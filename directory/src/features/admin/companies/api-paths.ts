/** The admin API paths the companies screens read and write (query keys start with them). */
export const COMPANIES_PATH = '/api/admin/companies';
export const APPLICATIONS_PATH = '/api/admin/company-applications';
export const REVIEWS_PATH = '/api/admin/reviews';
export const REVIEW_REPLIES_PATH = '/api/admin/review-replies';
export const CHANGE_REQUESTS_PATH = '/api/admin/company-change-requests';
