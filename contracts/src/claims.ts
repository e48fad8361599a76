/**
 * Claiming a listing (issue 17): the schemas the claim forms validate with and the server checks again, in
 * plain words. Zod-free parts (paths, limits, types) are in claim-options.ts, which public pages import.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_DIGITS } from './lead';
import { multilineText, plainText } from './text';
import { requiredText } from './required-text';
import { intParam } from './query-params';
import {
  CLAIM_CODE_DIGITS,
  CLAIM_ROLES,
  CLAIM_STATUSES,
  MOVER_USER_STATUSES,
  type ClaimRole,
} from './claim-options';

export * from './claim-options';

const name = plainText(requiredText('Your name', 2, 100), 'Your name');

const email = z
  .string({ message: 'Your e-mail address is required' })
  .trim()
  .min(1, 'Your e-mail address is required')
  .max(254, 'Your e-mail address must be at most 254 characters')
  .refine((v) => EMAIL_PATTERN.test(v), 'Enter an e-mail address such as name@example.com')
  .transform((v) => v.toLowerCase());

/** Step one of a claim by code: who is claiming. The code goes to the listing's address, not this one. */
export const ClaimCodeRequestSchema = z.object({
  name,
  email,
});
export type ClaimCodeRequest = z.infer<typeof ClaimCodeRequestSchema>;

/** Step two: the code from the listing's mailbox, and the password of the new account. */
export const ClaimVerifySchema = z.object({
  email,
  code: z
    .string({ message: 'The code is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v !== '', 'The code is required')
    .refine(
      (v) => new RegExp(`^\\d{${CLAIM_CODE_DIGITS}}$`).test(v),
      `The code has ${CLAIM_CODE_DIGITS} digits`,
    ),
  password: z
    .string({ message: 'A password is required' })
    .min(1, 'A password is required')
    .max(256, 'The password must be at most 256 characters'),
});
export type ClaimVerify = z.infer<typeof ClaimVerifySchema>;

const ROLE_IDS = CLAIM_ROLES.map((r) => r.id) as [ClaimRole, ...ClaimRole[]];

/** A claim with evidence, for staff to decide: the document travels base64-encoded in the same JSON. */
export const ClaimEvidenceSchema = z.object({
  name,
  email,
  phone: z
    .string({ message: 'Phone number is required' })
    .trim()
    .max(40, `Phone number must have ${PHONE_DIGITS} digits`)
    .transform((v) => v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
    .refine((v) => v.length === PHONE_DIGITS, `Phone number must have ${PHONE_DIGITS} digits`),
  role: z.enum(ROLE_IDS, { message: 'Choose your role at the company' }),
  usdotNumber: z
    .string({ message: 'USDOT number is required' })
    .trim()
    .max(20, 'USDOT number must be 1 to 8 digits')
    .transform((v) => v.replace(/^\s*(?:us\s*)?dot\s*#?\s*/i, '').replace(/[\s-]/g, ''))
    .refine((v) => v !== '', 'USDOT number is required')
    .refine((v) => /^\d{1,8}$/.test(v), 'USDOT number must be 1 to 8 digits'),
  message: multilineText(
    z
      .string({ message: 'A message is required' })
      .trim()
      .min(10, 'Tell us in a few words why the listing is yours (at least 10 characters)')
      .max(3000, 'The message must be at most 3000 characters'),
    'Message',
  ),
  document: z.object(
    {
      name: plainText(
        z
          .string({ message: 'Attach a document' })
          .trim()
          .min(1, 'Attach a document')
          .max(200, 'The document’s file name must be at most 200 characters'),
        'File name',
      ),
      /** The file's bytes, base64. 5 MB of file is about 7 million characters. */
      data: z
        .string({ message: 'Attach a document' })
        .min(1, 'Attach a document')
        .max(7_100_000, 'The document is larger than 5 MB')
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The document could not be read; attach it again'),
    },
    { message: 'Attach a document' },
  ),
});
export type ClaimEvidence = z.infer<typeof ClaimEvidenceSchema>;
/** The form's fields without the document (validated before the file is read). */
export const ClaimEvidenceFieldsSchema = ClaimEvidenceSchema.omit({ document: true });

export const AdminClaimListQuerySchema = z.strictObject({
  status: z
    .enum([...CLAIM_STATUSES, 'all'], {
      message: 'Status must be pending, approved, declined or all',
    })
    .optional()
    .default('pending'),
  /** Only the claims of one company (its admin page counts the pending ones). */
  companyId: intParam('companyId', 1, Number.MAX_SAFE_INTEGER, 0).transform((v) =>
    v === 0 ? undefined : v,
  ),
  page: intParam('page', 1, 100_000, 1),
  limit: intParam('limit', 1, 100, 20),
});
export type AdminClaimListQuery = z.output<typeof AdminClaimListQuerySchema>;

export const AdminClaimDeclineSchema = z.strictObject({
  reason: multilineText(
    z
      .string({ message: 'A reason is required: the claimant reads it' })
      .trim()
      .min(5, 'A reason is required: the claimant reads it (at least 5 characters)')
      .max(1000, 'The reason must be at most 1000 characters'),
    'Reason',
  ),
});

export const AdminCompanyUserStatusSchema = z.strictObject({
  status: z.enum(MOVER_USER_STATUSES, { message: 'Status must be active or suspended' }),
  reason: plainText(
    z.string().trim().max(300, 'The reason must be at most 300 characters'),
    'Reason',
  )
    .optional()
    .default(''),
});
