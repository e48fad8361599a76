/**
 * Issue 18's whole promise in Chromium against the built product: the owner of one mover sets up a webhook on
 * the Lead delivery screen (a stand-in receiver on this machine) and sends a test event; a visitor chooses two
 * movers in the widget (one from its profile, one the matching offers); both inboxes show the request, and the
 * webhook receives it once, signed; the visitor opens "my request" from the confirmation e-mail and stops the
 * second mover; that mover's inbox then says "consent withdrawn — do not contact", and the first mover's
 * delivery log shows the lead delivered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  createListing,
  createMover,
  emptyPlace,
  removeListing,
  signInAsMover,
  type E2eListing,
  type E2eMover,
} from '../support/mover';
import { withProductDatabase } from '../support/database';
import { phoneFor } from '../support/leads';
import {
  choosePlace,
  CONSENT_BOX,
  expect,
  fillSizeAndDate,
  heading,
  submit,
  test,
} from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

const RUN = randomUUID().slice(0, 8);
const EMAIL = `e2e.delivery.${RUN}@example.com`;
const CUSTOMER = 'Grace Delivery';

interface Call {
  headers: http.IncomingHttpHeaders;
  body: string;
}

const calls: Call[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    calls.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200).end();
  });
});
let hookUrl: string;

test.describe.configure({ mode: 'serial' });

let first: E2eListing;
let second: E2eListing;
let firstOwner: E2eMover;
let secondOwner: E2eMover;
let publicId: string;
let originZip: string;

test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/moveratlas`;
  // Both in a city where no other mover is listed, so the widget's step 5 offers them first.
  const place = await emptyPlace();
  originZip = place.zip_code;
  const listed = { place, services: ['local-moving', 'long-distance-moving'], featured: true };
  first = await createListing(`Hooked Movers ${RUN}`, listed);
  second = await createListing(`Second Movers ${RUN}`, listed);
  firstOwner = await createMover({ companySlug: first.slug, name: 'Hana Hook' });
  secondOwner = await createMover({ companySlug: second.slug, name: 'Sam Second' });
});

test.afterAll(async () => {
  await removeListing(first);
  await removeListing(second);
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

test('an owner sets up a webhook on the Lead delivery screen and sends a test event', async ({
  page,
  cspViolations,
}) => {
  await signInAsMover(page, firstOwner);
  await page.goto(`${PRODUCT_URL}/pro/companies/${first.id}/overview`);
  await page.getByRole('link', { name: 'Lead delivery' }).first().click();
  await expect(page.getByRole('heading', { name: 'Lead delivery', level: 1 })).toBeVisible();
  await page.getByLabel('Webhook address').fill(hookUrl);
  await page.getByRole('button', { name: 'Save webhook' }).click();
  await expect(page.getByText('Webhook saved').first()).toBeVisible();
  await page.getByRole('button', { name: 'Send a test event' }).click();
  await expect(page.getByText(/Your server answered 200 in [\d,]+ ms\./)).toBeVisible();
  expect(calls).toHaveLength(1);
  expect(JSON.parse(calls[0]!.body)).toMatchObject({ type: 'test', test: true });
  expect(String(calls[0]!.headers['moveratlas-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(cspViolations).toEqual([]);
});

test('a visitor chooses two movers in the widget; both inboxes show the request, the webhook gets it once', async ({
  page,
}) => {
  // From the first mover's profile ("Get Quote"), as a visitor comes: it is listed first and ticked.
  await page.goto(`${PRODUCT_URL}/get-quotes?company=${first.slug}`);
  const widget = page.locator('[data-moveratlas-quote]');
  await fillSizeAndDate(widget);
  await choosePlace(widget, 'Moving from', originZip);
  await choosePlace(widget, 'Moving to', '80202');
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(widget)).toHaveText('How can movers reach you?');
  await widget.getByLabel('First name', { exact: true }).fill('Grace');
  await widget.getByLabel('Last name', { exact: true }).fill('Delivery');
  await widget.getByLabel('Email', { exact: true }).fill(EMAIL);
  await widget.getByLabel('Phone', { exact: true }).fill(phoneFor(RUN));
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(widget)).toHaveText('Choose your movers');
  const movers = widget.getByRole('group').getByRole('checkbox');
  await expect(movers.first()).toHaveAccessibleName(new RegExp(first.name));
  await expect(movers.first()).toBeChecked();
  // The second is offered by the matching: same city, the nearest band.
  await widget
    .getByRole('group')
    .getByRole('checkbox', { name: new RegExp(second.name) })
    .check();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(widget)).toHaveText('Do you need auto transport?');
  const consent = widget.getByRole('checkbox', { name: CONSENT_BOX });
  await expect(consent).toHaveAccessibleName(
    new RegExp(`${first.name}.*${second.name}|${second.name}.*${first.name}`),
  );
  await consent.check();
  publicId = await submit(widget);

  await expect
    .poll(
      () => calls.filter((c) => c.headers['idempotency-key'] === `${publicId}-${first.id}`).length,
    )
    .toBe(1);
  const event = JSON.parse(calls.at(-1)!.body) as { type: string; lead: { id: string } };
  expect(event).toMatchObject({ type: 'lead.created', lead: { id: publicId } });

  for (const [mover, listing] of [
    [firstOwner, first],
    [secondOwner, second],
  ] as const) {
    await signInAsMover(page, mover);
    await page.goto(`${PRODUCT_URL}/pro/companies/${listing.id}/leads`);
    await expect(
      page.getByRole('table', { name: 'Leads' }).getByRole('link', { name: CUSTOMER }),
    ).toBeVisible();
    await page.context().clearCookies();
  }

  await signInAsMover(page, firstOwner);
  await page.goto(`${PRODUCT_URL}/pro/companies/${first.id}/delivery`);
  const log = page.getByRole('table', { name: 'Deliveries' });
  const rows = log.getByRole('row').filter({ hasText: publicId });
  await expect(rows.filter({ hasText: 'Webhook' })).toContainText('Delivered');
  await expect(rows.filter({ hasText: 'E-mail' })).toContainText('Delivered');
});

test('the visitor opens their request from the e-mail and stops one mover, whose inbox says so', async ({
  page,
  cspViolations,
}) => {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await withProductDatabase((db) =>
        db('mail_messages')
          .where({ to_address: EMAIL, template: 'visitor-confirmation' })
          .first('text_body'),
      )) as { text_body: string } | undefined;
      link = /\/my-request#t=[A-Za-z0-9_-]{43}/.exec(mail?.text_body ?? '')?.[0];
      return link !== undefined;
    })
    .toBe(true);

  await page.goto(`${PRODUCT_URL}${link!}`);
  await expect(page.getByRole('heading', { name: 'Your quote request', level: 1 })).toBeVisible();
  await expect(page.getByText(publicId)).toBeVisible();
  const movers = page.getByRole('region', { name: 'The movers you chose' });
  const card = movers.getByRole('listitem').filter({ hasText: second.name });
  await card.getByRole('button', { name: 'Stop this mover contacting me' }).click();
  await card.getByRole('button', { name: `Yes, stop ${second.name}` }).click();
  await expect(
    page.getByText(`${second.name} will not contact you about this move.`),
  ).toBeVisible();
  await expect(card).toContainText('You stopped this mover contacting you');
  expect(cspViolations).toEqual([]);

  await signInAsMover(page, secondOwner);
  await page.goto(`${PRODUCT_URL}/pro/companies/${second.id}/leads`);
  const row = page
    .getByRole('table', { name: 'Leads' })
    .getByRole('row')
    .filter({ hasText: CUSTOMER });
  await expect(row).toContainText('Consent withdrawn — do not contact');
  await row.getByRole('link', { name: CUSTOMER }).click();
  await expect(page.getByRole('alert')).toContainText('Do not call or e-mail them');
});
