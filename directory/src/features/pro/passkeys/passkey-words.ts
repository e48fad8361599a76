/**
 * What a mover reads when a passkey does not work, in plain words: the browser's errors (cancelled, not
 * allowed, the wrong address, already registered) as SimpleWebAuthn names them (its WebAuthnError keeps
 * the browser's error name and adds a code). Nothing here loads the library itself.
 */
export type PasskeyCeremony = 'sign-in' | 'register';

export const PASSKEY_CANCELLED_SIGN_IN =
  'Signing in with a passkey was cancelled or not allowed. If this device has no passkey for this site, sign in with your password.';
export const PASSKEY_CANCELLED_REGISTER =
  'Adding the passkey was cancelled or not allowed. Please try again when you are ready.';
export const PASSKEY_ALREADY_REGISTERED =
  'This device already holds a passkey for your account. Use that one, or remove it below first.';
export const PASSKEY_WRONG_ADDRESS =
  'Passkeys cannot be used on this address of the site. Open the site at its usual address and try again.';
export const PASSKEY_NOT_SUPPORTED =
  'This device or browser cannot use a passkey for this site. Please sign in with your password.';
export const PASSKEY_FAILED_SIGN_IN =
  'The passkey did not work. Please try again, or sign in with your password.';
export const PASSKEY_FAILED_REGISTER = 'The passkey could not be added. Please try again.';

/** Whether this browser can use passkeys at all (the check SimpleWebAuthn's browserSupportsWebAuthn makes). */
export function supportsPasskeys(): boolean {
  return (
    typeof globalThis.PublicKeyCredential !== 'undefined' &&
    typeof globalThis.PublicKeyCredential === 'function'
  );
}

/** The words for an error thrown by startAuthentication or startRegistration. */
export function passkeyFailureText(error: unknown, ceremony: PasskeyCeremony): string {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return ceremony === 'register' ? PASSKEY_ALREADY_REGISTERED : PASSKEY_FAILED_SIGN_IN;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return ceremony === 'register' ? PASSKEY_CANCELLED_REGISTER : PASSKEY_CANCELLED_SIGN_IN;
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID')
    return PASSKEY_WRONG_ADDRESS;
  if (name === 'NotSupportedError') return PASSKEY_NOT_SUPPORTED;
  return ceremony === 'register' ? PASSKEY_FAILED_REGISTER : PASSKEY_FAILED_SIGN_IN;
}
