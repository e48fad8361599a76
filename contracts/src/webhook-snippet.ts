/**
 * The signature check a mover's system runs (docs/webhooks.md shows the same block, and a test holds the two
 * equal and runs it against our signatures): shown on the /pro Lead delivery screen to copy.
 */
export const WEBHOOK_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** True when \`rawBody\` (a string or Buffer) was signed by MoverAtlas with \`secret\` in the last 5 minutes. */
export function verifyMoverAtlasSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = String(header ?? '')
    .split(',')
    .map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return parts
    .filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''))
    .some(([, value]) => timingSafeEqual(Buffer.from(value, 'hex'), expected));
}
`;
