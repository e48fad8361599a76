/**
 * A company's team at /pro (issue 17): its people (owner or staff), the invitations still open, and the
 * invitation link's own page (/pro/invitation?token=…). Only an owner changes the team; staff read it. A
 * company always keeps one owner at least.
 */
import { z } from 'zod';
import {
  COMPANY_USER_ROLES,
  moverEmailSchema,
  moverLinkTokenSchema,
  moverNameSchema,
  moverNewPasswordSchema,
} from './pro-auth';

/** How long an e-mailed invitation works. */
export const INVITATION_VALID_DAYS = 7;
/** Open invitations one company may have at once. */
export const MAX_OPEN_INVITATIONS = 25;

export const TEAM_MEMBER_STATUSES = ['active', 'suspended'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

export const proTeamMemberSchema = z.object({
  /** The person's account id (the path's :userId). */
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_USER_ROLES),
  /** Epoch ms of their last sign-in; null when never. */
  lastSignInAt: z.number().nullable(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** Whether the account has a password yet (a person added by staff may not). */
  hasPassword: z.boolean(),
  joinedAt: z.number(),
});
export type ProTeamMember = z.infer<typeof proTeamMemberSchema>;

export const proTeamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(COMPANY_USER_ROLES),
  createdAt: z.number(),
  expiresAt: z.number(),
  /** The name of the person who sent it, when known. */
  invitedBy: z.string().nullable(),
});
export type ProTeamInvitation = z.infer<typeof proTeamInvitationSchema>;

export const proTeamSchema = z.object({
  members: z.array(proTeamMemberSchema),
  invitations: z.array(proTeamInvitationSchema),
});
export type ProTeam = z.infer<typeof proTeamSchema>;

const roleSchema = z.enum(COMPANY_USER_ROLES, {
  error: 'Choose a role: owner or staff',
});

export const proInviteRequestSchema = z.strictObject({
  email: moverEmailSchema,
  role: roleSchema,
});
export type ProInviteRequest = z.input<typeof proInviteRequestSchema>;

export const proRoleChangeRequestSchema = z.strictObject({ role: roleSchema });
export type ProRoleChangeRequest = z.input<typeof proRoleChangeRequestSchema>;

/** GET /api/pro/invitations/:token: whose invitation it is, for its page. */
export const proInvitationInfoSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_USER_ROLES),
  /** The address already has an account with a password: it signs in with it instead of making one. */
  hasAccount: z.boolean(),
});
export type ProInvitationInfo = z.infer<typeof proInvitationInfoSchema>;

/** POST /api/pro/invitations/accept: a new person names themselves and picks a password; others give theirs. */
export const proAcceptInvitationSchema = z.strictObject({
  token: moverLinkTokenSchema,
  name: moverNameSchema.optional(),
  password: z.string().min(1, 'Enter a password').max(256, 'That password is too long'),
});
export type ProAcceptInvitationRequest = z.input<typeof proAcceptInvitationSchema>;

/** A new person's password: the same rule as every new password. */
export const proNewMemberPasswordSchema = moverNewPasswordSchema;

export const proAcceptInvitationResponseSchema = z.object({
  ok: z.literal(true),
  user: z.object({ id: z.number(), email: z.string(), name: z.string() }),
  companyId: z.number(),
});
export type ProAcceptInvitationResponse = z.infer<typeof proAcceptInvitationResponseSchema>;

export const PRO_INVITATION_USED_OR_EXPIRED =
  "This invitation has expired or was already used. Ask the company's owner to send a new one.";
export const PRO_LAST_OWNER =
  'A company needs at least one owner: make someone else an owner first';
