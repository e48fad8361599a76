/** The directory's own /get-quotes page embeds the widget exactly as a partner does; the flow completes there. */
import { CONTACT, expect, fillToStep6, heading, storedLead, submit, test } from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

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
  expect(storedLead(leadId)).toMatchObject({
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
