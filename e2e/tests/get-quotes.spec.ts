/** The directory's own /get-quotes page embeds the widget exactly as a partner does; the flow completes there. */
import {
  CONSENT_BOX,
  CONTACT,
  expect,
  fillRouteAndContact,
  fillSizeAndDate,
  fillToStep6,
  heading,
  storedLead,
  submit,
  test,
} from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';
import { someCompany } from '../support/directory';

test('a visitor gets quotes on /get-quotes of the directory itself, with no CSP violation', async ({
  page,
  cspViolations,
}) => {
  await page.goto(`${PRODUCT_URL}/get-quotes`);
  await expect(page).toHaveTitle('Get Free Moving Quotes | MoverAtlas');
  const widget = page.locator('[data-moveratlas-quote]');
  await expect(heading(widget)).toHaveText('What size is your move?');
  await fillToStep6(widget);
  const leadId = await submit(widget);
  expect(await storedLead(leadId)).toMatchObject({
    site_id: 'moveratlas-directory',
    first_name: CONTACT.firstName,
    email: CONTACT.email,
  });
  expect(cspViolations).toEqual([]);
});

test('the calculator hand-off and a company profile prefill the widget on /get-quotes', async ({
  page,
}) => {
  await page.goto(`${PRODUCT_URL}/get-quotes?size=4br&date=2030-06-15&fromZip=60601&toZip=80202`);
  const widget = page.locator('[data-moveratlas-quote]');
  await expect(widget).toHaveAttribute('data-size', '4br');
  await expect(widget).toHaveAttribute('data-from-zip', '60601');
  await expect(heading(widget)).toBeVisible();
  await expect(widget.getByRole('button', { name: /4\+ Bedrooms/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Unknown values are dropped, never echoed into the page.
  await page.goto(`${PRODUCT_URL}/get-quotes?size=mansion&fromZip=%3Cscript%3E`);
  await expect(page.locator('[data-moveratlas-quote]')).not.toHaveAttribute('data-size');
  await expect(page.locator('[data-moveratlas-quote]')).not.toHaveAttribute('data-from-zip');
});

test("a company profile's Get Quote embeds the widget with that mover chosen, and the lead names it", async ({
  page,
}) => {
  const company = await someCompany(page.request);
  const named = new RegExp(company.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

  // The profile's link (with JavaScript it opens the widget in place: company-quote.spec.ts).
  await page.goto(`${PRODUCT_URL}/company/${company.slug}`);
  const link = page.getByRole('link', { name: 'Get Quote', exact: true });
  await expect(link).toHaveAttribute('href', `/get-quotes?company=${company.slug}`);
  await page.goto(`${PRODUCT_URL}/get-quotes?company=${company.slug}`);
  const widget = page.locator('[data-moveratlas-quote]');
  await expect(widget).toHaveAttribute('data-company-id', String(company.id));
  await expect(widget).toHaveAttribute('data-company-name', company.name);

  await fillSizeAndDate(widget);
  await fillRouteAndContact(widget, { ...CONTACT, email: 'profile.visitor@example.com' });
  await expect(heading(widget)).toHaveText('Choose your movers');
  // Listed first and ticked, whether or not the match for this route returned it.
  await expect(widget.getByRole('group').getByRole('checkbox').first()).toHaveAccessibleName(named);
  await expect(widget.getByRole('group').getByRole('checkbox').first()).toBeChecked();
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(widget)).toHaveText('Do you need auto transport?');
  // The one consent names the mover the visitor came from.
  const consent = widget.getByRole('checkbox', { name: CONSENT_BOX });
  await expect(consent).toHaveAccessibleName(named);
  await consent.check();
  const leadId = await submit(widget);
  const lead = await storedLead(leadId);
  expect(lead?.site_id).toBe('moveratlas-directory');
  const selected = JSON.parse(lead!.selected_companies) as { id: unknown; name: string }[];
  expect(selected.map((c) => [String(c.id), c.name])).toContainEqual([
    String(company.id),
    company.name,
  ]);
});
