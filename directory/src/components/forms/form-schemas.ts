/**
 * The public forms' zod schemas, in a module of their own that the pages import on demand: with zod (about
 * 25 kB gzipped) the form pages would be over the 130 kB budget of JavaScript per page (issue 5).
 */
export {
  ClaimCodeRequestSchema,
  ClaimEvidenceFieldsSchema,
  ClaimVerifySchema,
  CompanyApplicationSchema,
  ContactMessageSchema,
  loginRequestSchema,
} from '@moveratlas/contracts';
