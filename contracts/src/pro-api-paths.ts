/** The movers' API (/api/pro, issue 17): the paths the /pro screens and the server agree on. */
export const PRO_API = '/api/pro';
export const PRO_AUTH_STATUS_PATH = `${PRO_API}/auth/status`;
export const PRO_LOGIN_PATH = `${PRO_API}/login`;
export const PRO_LOGOUT_PATH = `${PRO_API}/logout`;
export const PRO_FORGOT_PASSWORD_PATH = `${PRO_API}/password/forgot`;
export const PRO_RESET_PASSWORD_PATH = `${PRO_API}/password/reset`;
export const PRO_ACCOUNT_PASSWORD_PATH = `${PRO_API}/account/password`;
export const PRO_COMPANIES_PATH = `${PRO_API}/companies`;

/** A company-scoped path: `/api/pro/companies/<id>/<rest>`. */
export const proCompanyPath = (companyId: number, rest: string) =>
  `${PRO_COMPANIES_PATH}/${companyId}/${rest.replace(/^\/+/, '')}`;

/** The company's reviews and a review's reply (issue 17). */
export const proReviewsPath = (companyId: number) => proCompanyPath(companyId, 'reviews');
export const proReviewReplyPath = (companyId: number, reviewId: number) =>
  proCompanyPath(companyId, `reviews/${reviewId}/reply`);

/** Passkeys (decision 035): the account's own (behind the gate) and the sign-in with one (open). */
export const PRO_PASSKEYS_PATH = `${PRO_API}/account/passkeys`;
export const PRO_PASSKEY_REGISTRATION_OPTIONS_PATH = `${PRO_PASSKEYS_PATH}/registration/options`;
export const PRO_PASSKEY_REGISTRATION_VERIFY_PATH = `${PRO_PASSKEYS_PATH}/registration/verify`;
export const proPasskeyPath = (id: number) => `${PRO_PASSKEYS_PATH}/${id}`;
export const PRO_PASSKEY_LOGIN_OPTIONS_PATH = `${PRO_API}/passkeys/login/options`;
export const PRO_PASSKEY_LOGIN_VERIFY_PATH = `${PRO_API}/passkeys/login/verify`;
/** The invitation link's own endpoints (no session): what it is, and accepting it. */
export const proInvitationPath = (token: string) =>
  `${PRO_API}/invitations/${encodeURIComponent(token)}`;
export const PRO_ACCEPT_INVITATION_PATH = `${PRO_API}/invitations/accept`;
