/** Fixtures and steps shared by the widget's end-to-end tests: one widget is a locator on its placeholder. */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { withProductDatabase } from './database';

export { expect };

export const test = base.extend<{ cspViolations: string[] }>({
  // Every CSP violation the page reports, collected from the start of each page load.
  cspViolations: async ({ page }, use) => {
    const violations: string[] = [];
    await page.exposeFunction('__reportCsp', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp;
        report(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(violations);
  },
});

/** YYYY-MM-DD `days` from today: the quote form takes today to 18 months ahead (issue 15). */
export function isoDaysAhead(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A moving date two months ahead, inside the accepted window whenever the tests run. */
export const FUTURE_DATE = isoDaysAhead(60);
/** The same date as stored and forwarded (MM/DD/YYYY). */
export const FUTURE_DATE_WIRE = FUTURE_DATE.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');

export const CONTACT = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  phone: '3127442368',
};

export function heading(widget: Locator) {
  return widget.getByRole('heading', { level: 2 });
}

export async function choosePlace(widget: Locator, label: string, typed: string) {
  const field = widget.getByRole('combobox', { name: label, exact: true });
  await field.fill(typed);
  const option = widget.getByRole('option').first();
  await expect(option).toBeVisible();
  await option.click();
}

/** The one consent (step 6): it names the movers chosen and says the request goes to them alone. */
export const CONSENT_BOX =
  /^By checking this box and submitting this form, I ask MoverAtlas to send my quote request to /;

/** Steps 1 and 2: a 2-3 bedroom move on FUTURE_DATE, ending on the route step. */
export async function fillSizeAndDate(widget: Locator) {
  await expect(heading(widget)).toHaveText('What size is your move?');
  await widget.getByRole('button', { name: /2-3 Bedrooms/ }).click();
  await expect(heading(widget)).toHaveText('When are you moving?');
  await widget.getByLabel('Moving date', { exact: true }).fill(FUTURE_DATE);
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(widget)).toHaveText('Where are you moving?');
}

/** Steps 3 and 4 from the route step: Chicago to 80202 and the contact, ending on the movers step. */
export async function fillRouteAndContact(widget: Locator, contact = CONTACT) {
  await choosePlace(widget, 'Moving from', 'Chicago, IL');
  await choosePlace(widget, 'Moving to', '80202');
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(widget)).toHaveText('How can movers reach you?');
  await widget.getByLabel('First name', { exact: true }).fill(contact.firstName);
  await widget.getByLabel('Last name', { exact: true }).fill(contact.lastName);
  await widget.getByLabel('Email', { exact: true }).fill(contact.email);
  await widget.getByLabel('Phone', { exact: true }).fill(contact.phone);
  await widget.getByRole('button', { name: 'Continue' }).click();
}

/** Steps 1 to 5, ending on step 6 (auto transport) with one mover chosen; the lead is not sent yet. */
export async function fillToStep6(widget: Locator, contact = CONTACT) {
  await fillSizeAndDate(widget);
  await fillRouteAndContact(widget, contact);
  await expect(heading(widget)).toHaveText('Choose your movers');
  const movers = widget.getByRole('group').getByRole('checkbox');
  await expect(movers.first()).toBeVisible();
  await movers.first().check();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(widget)).toHaveText('Do you need auto transport?');
  // One consent, beside the submit button, for the movers chosen (issue 15).
  await widget.getByRole('checkbox', { name: CONSENT_BOX }).check();
}

export async function submit(widget: Locator): Promise<string> {
  await widget.getByRole('button', { name: 'Get my quotes' }).click();
  await expect(heading(widget)).toHaveText('Your quote request is in');
  const id = (await widget.getByTestId('confirmation-id').textContent())?.trim() ?? '';
  expect(id).not.toBe('');
  return id;
}

export interface LeadRow {
  public_id: string;
  lead_uuid: string;
  site_id: string;
  session_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  from_zip: string | null;
  from_city: string | null;
  from_state: string | null;
  from_location: string;
  to_zip: string | null;
  to_location: string;
  move_date: string;
  move_size: string | null;
  number_of_rooms: number;
  selected_companies: string;
  origin: string | null;
}

/** The lead as the server stored it. */
export function storedLead(publicId: string): Promise<LeadRow | undefined> {
  return withProductDatabase(
    async (db) => (await db('leads').where({ public_id: publicId }).first()) as LeadRow | undefined,
  );
}

/** The funnel step events the server recorded for one lead (sent by the widget as beacons). */
export function storedStepEvents(
  leadUuid: string,
): Promise<{ form_step: number; step_name: string; site_id: string }[]> {
  return withProductDatabase(
    (db) =>
      db('widget_step_events')
        .where({ lead_uuid: leadUuid })
        .orderBy('id')
        .select('form_step', 'step_name', 'site_id') as Promise<
        { form_step: number; step_name: string; site_id: string }[]
      >,
  );
}

export async function events(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          partnerEvents: { source: string; name: string; detail: Record<string, unknown> }[];
        }
      ).partnerEvents,
  );
}
