/**
 * Claiming a listing (issue 17): what the claim pages and the server share that needs no zod — the API's
 * addresses, the document rules, the statuses and their words, how a listing's address is shown masked.
 * The claim page imports this at first paint; the schemas (claims.ts) load only when a form is used.
 */

/** The public claim page of a company: noindex, never cached. */
export const claimPagePath = (slug: string) => `/claim/${encodeURIComponent(slug)}`;

/** The public API (below /api). */
export const claimApiPath = (slug: string) => `/api/claims/${encodeURIComponent(slug)}`;
export const claimCodeApiPath = (slug: string) => `${claimApiPath(slug)}/code`;
export const claimVerifyApiPath = (slug: string) => `${claimApiPath(slug)}/verify`;
export const claimEvidenceApiPath = (slug: string) => `${claimApiPath(slug)}/evidence`;

/** The admin API (below /api/admin). */
export const ADMIN_CLAIMS_PATH = '/api/admin/claims';
export const adminCompanyUsersPath = (companyId: number) =>
  `/api/admin/companies/${companyId}/users`;

/** A one-time code: 6 digits, valid 30 minutes, void after this many wrong tries. */
export const CLAIM_CODE_DIGITS = 6;
export const CLAIM_CODE_TTL_MINUTES = 30;
export const CLAIM_CODE_MAX_TRIES = 5;
/** New codes per listing, and per address asking, within an hour. */
export const CLAIM_CODES_PER_LISTING_PER_HOUR = 3;
export const CLAIM_CODES_PER_ADDRESS_PER_HOUR = 10;

/** The evidence document: a PDF or a photo/scan, recognised by its first bytes, at most 5 MB. */
export const CLAIM_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const CLAIM_DOCUMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
] as const;
export type ClaimDocumentType = (typeof CLAIM_DOCUMENT_TYPES)[number];
/** For the file picker's `accept`: a hint only, the server reads the bytes. */
export const CLAIM_DOCUMENT_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp';

export const CLAIM_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  pending: 'Waiting for a decision',
  approved: 'Approved',
  declined: 'Declined',
};

/** What the claimant says they are at the company. */
export const CLAIM_ROLES = [
  { id: 'owner', label: 'Owner' },
  { id: 'manager', label: 'Manager' },
  { id: 'employee', label: 'Employee' },
  { id: 'other', label: 'Other' },
] as const;
export type ClaimRole = (typeof CLAIM_ROLES)[number]['id'];

export const MOVER_USER_STATUSES = ['active', 'suspended'] as const;
export type MoverUserStatus = (typeof MOVER_USER_STATUSES)[number];

/**
 * An address shown without giving it away: the first letter of the mailbox, then stars, then the domain
 * (jane@acme.com → j***@acme.com). The domain stays whole: it tells the owner which mailbox to look in.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** GET /api/claims/:slug — what the claim page needs to know about the listing. */
export interface ClaimInfo {
  company: { id: number; slug: string; name: string; city: string; state: string };
  /** The listing's e-mail address, masked; null when the listing has none (only evidence claims then). */
  listingEmail: string | null;
  /** The listing has an owner already: only staff can hand it over (an evidence claim). */
  claimed: boolean;
}

/** POST /api/claims/:slug/code answers 202 with this. */
export interface ClaimCodeSent {
  ok: true;
  sentTo: string;
  expiresInMinutes: number;
}

/** POST /api/claims/:slug/verify answers with this, signed in. */
export interface ClaimVerified {
  ok: true;
  companyId: number;
  /** Where the mover goes next: the dashboard. */
  next: string;
}

/** POST /api/claims/:slug/evidence answers 201 with this. */
export interface ClaimEvidenceReceived {
  id: number;
  message: string;
}

export const CLAIM_EVIDENCE_CONFIRMATION =
  'Thank you. Our team checks every claim, usually within two working days, and e-mails you the decision.';

/** One claim in the admin queue. */
export interface AdminClaim {
  id: number;
  status: ClaimStatus;
  company: {
    id: number;
    slug: string;
    name: string;
    city: string;
    state: string;
    claimed: boolean;
  };
  name: string;
  email: string;
  phone: string;
  role: ClaimRole;
  usdotNumber: string;
  /** The listing's own USDOT number, to compare with the claimant's. */
  listingUsdotNumber: string | null;
  message: string;
  document: { name: string; type: ClaimDocumentType; bytes: number };
  createdAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  declineReason: string | null;
}

export interface AdminClaimPage {
  items: AdminClaim[];
  total: number;
  page: number;
  limit: number;
  pending: number;
}

export interface AdminClaimDecision {
  claim: AdminClaim;
  /** Approval: whether the mover was asked by e-mail to choose a password (a new account). */
  passwordLinkSent?: boolean;
}

/** A company's users, for its admin page. */
export interface AdminCompanyUser {
  id: number;
  name: string;
  email: string;
  role: 'owner' | 'staff';
  status: MoverUserStatus;
  suspendedReason: string | null;
  lastLoginAt: string | null;
  addedAt: string;
}

export interface AdminCompanyUsers {
  claimedAt: string | null;
  users: AdminCompanyUser[];
}
