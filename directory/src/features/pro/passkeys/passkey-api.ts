/**
 * The Account screen's calls for the mover's passkeys: the list, a registration (the server's options, the
 * browser's passkey prompt, the new passkey checked and kept), a rename and a removal, through the /pro
 * area's proRequest and proWrite (the CSRF header on writes).
 */
import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import {
  PRO_PASSKEY_REGISTRATION_OPTIONS_PATH,
  PRO_PASSKEY_REGISTRATION_VERIFY_PATH,
  PRO_PASSKEYS_PATH,
  proPasskeyPath,
  type ProPasskey,
  type ProPasskeyList,
} from '@moveratlas/contracts';
import { proRequest, proWrite } from '../pro-request';
import { passkeyFailureText } from './passkey-words';

export const PASSKEYS_QUERY_KEY = [PRO_PASSKEYS_PATH] as const;

export const listPasskeys = (signal?: AbortSignal) =>
  proRequest<ProPasskeyList>(PRO_PASSKEYS_PATH, { signal });

/** A refusal of the browser's own (cancelled, already registered…), in words, apart from the server's. */
export class PasskeyPromptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyPromptError';
  }
}

export async function registerPasskey(name: string): Promise<ProPasskey> {
  const optionsJSON = await proWrite<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    PRO_PASSKEY_REGISTRATION_OPTIONS_PATH,
  );
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    throw new PasskeyPromptError(passkeyFailureText(error, 'register'));
  }
  return proWrite<ProPasskey>('POST', PRO_PASSKEY_REGISTRATION_VERIFY_PATH, { response, name });
}

export const renamePasskey = (id: number, name: string) =>
  proWrite<ProPasskey>('PATCH', proPasskeyPath(id), { name });

export const removePasskey = (id: number) => proWrite<{ ok: true }>('DELETE', proPasskeyPath(id));
