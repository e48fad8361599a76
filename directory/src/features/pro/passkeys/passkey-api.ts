/**
 * The Account screen's calls for the mover's passkeys: the list, a registration (the server's options, the
 * browser's passkey prompt, the new passkey checked and kept), a rename and a removal. Writes carry the
 * mover session's CSRF token (its readable cookie) in X-CSRF-Token.
 */
import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import {
  CSRF_HEADER,
  PRO_PASSKEY_REGISTRATION_OPTIONS_PATH,
  PRO_PASSKEY_REGISTRATION_VERIFY_PATH,
  PRO_PASSKEYS_PATH,
  proCsrfTokenFromCookies,
  proPasskeyPath,
  type ProPasskey,
  type ProPasskeyList,
} from '@moveratlas/contracts';
import { apiRequest } from '../../../lib/api-client';
import { passkeyFailureText } from './passkey-words';

export const PASSKEYS_QUERY_KEY = [PRO_PASSKEYS_PATH] as const;

function write<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers = new Headers();
  const token = proCsrfTokenFromCookies(document.cookie);
  if (token) headers.set(CSRF_HEADER, token);
  return apiRequest<T>(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export const listPasskeys = (signal?: AbortSignal) =>
  apiRequest<ProPasskeyList>(PRO_PASSKEYS_PATH, { signal });

/** A refusal of the browser's own (cancelled, already registered…), in words, apart from the server's. */
export class PasskeyPromptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyPromptError';
  }
}

export async function registerPasskey(name: string): Promise<ProPasskey> {
  const optionsJSON = await write<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    PRO_PASSKEY_REGISTRATION_OPTIONS_PATH,
  );
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    throw new PasskeyPromptError(passkeyFailureText(error, 'register'));
  }
  return write<ProPasskey>('POST', PRO_PASSKEY_REGISTRATION_VERIFY_PATH, { response, name });
}

export const renamePasskey = (id: number, name: string) =>
  write<ProPasskey>('PATCH', proPasskeyPath(id), { name });

export const removePasskey = (id: number) => write<{ ok: true }>('DELETE', proPasskeyPath(id));
