/**
 * Passkeys for movers in Chromium, with the DevTools protocol's virtual authenticator (a CTAP2 platform
 * authenticator with resident keys and user verification): a mover adds a passkey on the Account screen,
 * signs out, and signs in at /pro/login with the passkey alone — no e-mail address, no password.
 */
import type { CDPSession, Page } from '@playwright/test';
import { PRODUCT_URL } from '../playwright.config';
import { createMover, signInAsMover } from '../support/mover';
import { expect, test } from '../support/quote';

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

test('a mover adds a passkey on the Account screen, signs out, and signs in with the passkey', async ({
  page,
  cspViolations,
}) => {
  const authenticator = await virtualAuthenticator(page);
  const mover = await createMover({ name: 'Kim Passkey' });
  await signInAsMover(page, mover);

  await page.goto(`${PRODUCT_URL}/pro/account`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill('Test laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText('Passkey "Test laptop" added.', { exact: false })).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText(
    'Not used to sign in yet',
  );
  const stored = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  expect(stored.credentials).toHaveLength(1);
  expect(stored.credentials[0]!.isResidentCredential).toBe(true);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/pro\/login/);

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/pro\/login/);
  await page.goto(`${PRODUCT_URL}/pro/account`);
  await expect(page.getByText(mover.email)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByText(/Last used/)).toBeVisible();
  const used = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  expect(used.credentials[0]!.signCount).toBeGreaterThan(0);
  expect(cspViolations).toEqual([]);
});

test('a passkey this site does not know is refused in plain words, and the password still works', async ({
  page,
}) => {
  const authenticator = await virtualAuthenticator(page);
  // A credential for this site the server never registered (made up in the authenticator itself).
  await authenticator.cdp.send('WebAuthn.addCredential', {
    authenticatorId: authenticator.id,
    credential: {
      credentialId: Buffer.from('an-unknown-credential-id-0001').toString('base64'),
      isResidentCredential: true,
      rpId: 'localhost',
      privateKey: await unknownKey(),
      userHandle: Buffer.from('someone').toString('base64'),
      signCount: 0,
    },
  });
  await page.goto(`${PRODUCT_URL}/pro/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey is not known here');
  await expect(page).toHaveURL(/\/pro\/login/);
  const mover = await createMover();
  await signInAsMover(page, mover);
});

/** A fresh P-256 private key in PKCS#8, base64, as WebAuthn.addCredential takes it. */
async function unknownKey(): Promise<string> {
  const { generateKeyPairSync } = await import('node:crypto');
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}
