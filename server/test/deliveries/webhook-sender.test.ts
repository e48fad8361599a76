/**
 * One webhook call and its faults, without a database: where an address may point (checked at connect time,
 * so a name that turns private after the check is still refused), redirects never followed, a receiver that
 * hangs or streams without end costing at most the time limit, and the signature as docs/webhooks.md checks it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader, WebhookSender, webhookRules } from '../../src/features/deliveries';
import type { ResolvedAddress } from '../../src/lib/http/public-fetch';
import { documentedVerify, type Verify } from './documented-snippet';
import { WebhookReceiver } from './webhook-receiver';

const production = webhookRules({ env: 'production' });
const development = webhookRules({ env: 'test' });
const message = (url: string) => ({
  url,
  body: '{"id":"x"}',
  secrets: ['whsec_test'],
  idempotencyKey: 'LEAD000000-1',
  eventType: 'lead.created' as const,
});

describe('a webhook call', () => {
  const receiver = new WebhookReceiver();
  let verify: Verify;
  beforeAll(async () => {
    await receiver.start();
    verify = await documentedVerify();
  });
  afterAll(() => receiver.close());

  it('refuses private, loopback and link-local targets in production, before any byte is sent', async () => {
    for (const address of ['10.0.0.7', '127.0.0.1', '169.254.169.254', '::1', 'fd00::1']) {
      const resolve = async (): Promise<ResolvedAddress[]> => [
        { address, family: address.includes(':') ? 6 : 4 },
      ];
      const sender = new WebhookSender(production, 1000, resolve);
      const call = await sender.send(message('https://hooks.example/in'));
      expect(call.outcome, address).toBe('refused');
      expect(call.error).toMatch(
        /^We did not send it: the host name resolves to an address that is refused/,
      );
      await sender.close();
    }
    const plain = new WebhookSender(production, 1000);
    expect(await plain.problem('http://hooks.example/in')).toBe(
      'plain http:// is refused in production: use https://',
    );
    await plain.close();
  });

  it('reaches this machine in production only when the operator allows it, and never a private network', async () => {
    receiver.set('/staging', { kind: 'ok' });
    const allowed = webhookRules({ env: 'production', webhooks: { allowLoopback: true } });
    const sender = new WebhookSender(allowed, 1000);
    expect(await sender.send(message(receiver.url('/staging')))).toMatchObject({
      outcome: 'delivered',
      statusCode: 200,
    });
    expect(await sender.problem('http://10.0.0.7/in')).toBe(
      'it points at a private network address, and only public addresses are allowed',
    );
    await sender.close();
    const strict = new WebhookSender(production, 1000);
    expect((await strict.send(message(receiver.url('/staging')))).outcome).toBe('refused');
    await strict.close();
  });

  it('checks the address again when it connects (DNS rebinding)', async () => {
    let lookups = 0;
    // Public when the form checks the address, this machine when the call connects.
    const resolve = async (): Promise<ResolvedAddress[]> =>
      lookups++ === 0
        ? [{ address: '93.184.216.34', family: 4 }]
        : [{ address: '127.0.0.1', family: 4 }];
    const sender = new WebhookSender({ ...production, anyPort: true }, 1000, resolve);
    expect(await sender.problem(`https://rebind.example:${receiver.port}/in`)).toBeUndefined();
    const before = receiver.calls.length;
    const call = await sender.send(message(`https://rebind.example:${receiver.port}/in`));
    expect(call.outcome).toBe('refused');
    expect(receiver.calls.length).toBe(before);
    await sender.close();
  });

  it('never follows a redirect', async () => {
    receiver.set('/moved', { kind: 'redirect', to: receiver.url('/target') });
    const sender = new WebhookSender(development, 1000);
    const call = await sender.send(message(receiver.url('/moved')));
    expect(call).toMatchObject({ outcome: 'rejected', statusCode: null });
    expect(call.error).toBe(
      'Your server answered with a redirect (302), which is never followed: give the final address',
    );
    expect(receiver.to('/target')).toHaveLength(0);
    await sender.close();
  });

  it('takes the status of an endless answer without reading its body', async () => {
    receiver.set('/huge', { kind: 'huge' });
    const sender = new WebhookSender(development, 2000);
    const call = await sender.send(message(receiver.url('/huge')));
    expect(call).toMatchObject({ outcome: 'delivered', statusCode: 200, error: null });
    expect(call.durationMs).toBeLessThan(2000);
    await sender.close();
  });

  it('gives up on a receiver that does not answer at the time limit', async () => {
    receiver.set('/slow', { kind: 'late', ms: 5000, times: 1 });
    const sender = new WebhookSender(development, 300);
    const call = await sender.send(message(receiver.url('/slow')));
    expect(call).toMatchObject({
      outcome: 'timeout',
      statusCode: null,
      error: 'Your server did not answer within 0.3 seconds',
    });
    expect(call.durationMs).toBeGreaterThanOrEqual(290);
    expect(call.durationMs).toBeLessThan(3000);
    await sender.close();
  });

  it('signs so that the documented snippet accepts it, and only it', () => {
    const now = Math.floor(Date.now() / 1000);
    const body = '{"type":"lead.created"}';
    const header = signatureHeader(['whsec_new', 'whsec_old'], body, now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verify(body, header, 'whsec_new')).toBe(true);
    expect(verify(body, header, 'whsec_old')).toBe(true);
    expect(verify(body, header, 'whsec_other')).toBe(false);
    expect(verify('{"type":"lead.created" }', header, 'whsec_new')).toBe(false);
    // Ten minutes old: a replay, refused.
    expect(verify(body, signatureHeader(['whsec_new'], body, now - 600), 'whsec_new')).toBe(false);
    expect(verify(body, undefined, 'whsec_new')).toBe(false);
  });
});
