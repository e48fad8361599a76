/**
 * Passkeys (WebAuthn) for movers (issue 17, decision 035): a second way to sign in at /pro, beside the
 * password. The browser's answers (SimpleWebAuthn's RegistrationResponseJSON and AuthenticationResponseJSON)
 * are checked here for their shape and size only; the server's WebAuthn library checks what they mean.
 */
import { z } from 'zod';
import { moverEmailSchema } from './pro-auth';

/** base64url text of at most `max` characters. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'The passkey sent an answer this site cannot read');

const extensions = z.record(z.string(), z.unknown()).default({});
const transports = z.array(z.string().max(32)).max(10).optional();

/** What `startRegistration()` answers. A credential id is at most 1,023 bytes (1,364 base64url characters). */
export const passkeyRegistrationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(8000),
    attestationObject: base64url(64_000),
    transports,
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: extensions,
});
export type PasskeyRegistrationResponse = z.input<typeof passkeyRegistrationResponseSchema>;

/** What `startAuthentication()` answers. */
export const passkeyAuthenticationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(8000),
    authenticatorData: base64url(8000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: extensions,
});
export type PasskeyAuthenticationResponse = z.input<typeof passkeyAuthenticationResponseSchema>;

/** The name a person gives a passkey, to tell theirs apart ("Work laptop", "iPhone"). */
export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name, like "Work laptop"')
  .max(64, "A passkey's name can be at most 64 characters");

export const passkeyRegistrationVerifySchema = z.object({
  response: passkeyRegistrationResponseSchema,
  name: passkeyNameSchema,
});
export type PasskeyRegistrationVerifyRequest = z.input<typeof passkeyRegistrationVerifySchema>;

export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
export type PasskeyRenameRequest = z.input<typeof passkeyRenameSchema>;

/** Sign-in options: no e-mail (a discoverable passkey says whose it is), or one to list its passkeys. */
export const passkeyLoginOptionsSchema = z.object({ email: moverEmailSchema.optional() });
export type PasskeyLoginOptionsRequest = z.input<typeof passkeyLoginOptionsSchema>;

export const passkeyLoginVerifySchema = z.object({ response: passkeyAuthenticationResponseSchema });
export type PasskeyLoginVerifyRequest = z.input<typeof passkeyLoginVerifySchema>;

/** One of the account's passkeys, as GET /api/pro/account/passkeys lists them. */
export interface ProPasskey {
  id: number;
  name: string;
  /** Synced between devices by a password manager or the phone's account, rather than kept on one. */
  backedUp: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface ProPasskeyList {
  passkeys: ProPasskey[];
}

/** The refusals a person reads, one place for the server, the screens and their tests. */
export const PASSKEY_UNKNOWN =
  'This passkey is not known here. Sign in with your password, then add it on your Account screen.';
export const PASSKEY_CHALLENGE_EXPIRED =
  'This passkey request has expired or was already used. Please try again.';
export const PASSKEY_NOT_VERIFIED = 'The passkey could not be checked. Please try again.';
