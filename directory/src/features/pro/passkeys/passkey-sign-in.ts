/**
 * Signing in with a passkey, loaded only when the button is pressed (with @simplewebauthn/browser), so
 * /pro/login's first JavaScript stays small: the options from the server, the browser's passkey prompt,
 * the signed answer back to the server (which sets the session's cookies). Every failure in plain words.
 */
import { startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import {
  OFFLINE_MESSAGE,
  PRO_PASSKEY_LOGIN_OPTIONS_PATH,
  PRO_PASSKEY_LOGIN_VERIFY_PATH,
  SERVER_TROUBLE_MESSAGE,
  type ProLoginResponse,
} from '@moveratlas/contracts';
import { passkeyFailureText, PASSKEY_FAILED_SIGN_IN } from './passkey-words';

export type PasskeySignInOutcome =
  { ok: true; user: ProLoginResponse['user'] } | { ok: false; message: string };

export const TOO_MANY_PASSKEY_ATTEMPTS =
  'Too many attempts from here. Wait a few minutes, then try again.';

type Answer<T> = { ok: true; body: T } | { ok: false; message: string };

async function post<T>(path: string, body: unknown): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: OFFLINE_MESSAGE };
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    // The status decides.
  }
  if (response.ok) return { ok: true, body: parsed as T };
  if (response.status >= 500) return { ok: false, message: SERVER_TROUBLE_MESSAGE };
  const error = (parsed as { error?: unknown } | null)?.error;
  if (typeof error === 'string' && error.trim() !== '') return { ok: false, message: error };
  return {
    ok: false,
    message: response.status === 429 ? TOO_MANY_PASSKEY_ATTEMPTS : PASSKEY_FAILED_SIGN_IN,
  };
}

export async function signInWithPasskey(): Promise<PasskeySignInOutcome> {
  const options = await post<PublicKeyCredentialRequestOptionsJSON>(
    PRO_PASSKEY_LOGIN_OPTIONS_PATH,
    {},
  );
  if (!options.ok) return options;
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options.body });
  } catch (error) {
    return { ok: false, message: passkeyFailureText(error, 'sign-in') };
  }
  const verified = await post<ProLoginResponse>(PRO_PASSKEY_LOGIN_VERIFY_PATH, { response });
  if (!verified.ok) return verified;
  return { ok: true, user: verified.body.user };
}
