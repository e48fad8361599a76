/** The quote widget on the demo partner page (another origin, hostile CSS): the full flow and its edges. */
import {
  CONTACT,
  FUTURE_DATE_WIRE,
  events,
  expect,
  fillToStep6,
  heading,
  isoDaysAhead,
  storedLead,
  storedStepEvents,
  submit,
  test,
} from '../support/quote';

test('a visitor completes the seven steps and the lead arrives with the right fields', async ({
  page,
}) => {
  await page.goto('/');
  const widget = page.locator('#quote-main');
  await fillToStep6(widget);
  const leadId = await submit(widget);

  const lead = await storedLead(leadId);
  expect(lead).toMatchObject({
    site_id: 'demo-partner',
    first_name: CONTACT.firstName,
    last_name: CONTACT.lastName,
    email: CONTACT.email,
    phone: CONTACT.phone,
    from_state: 'IL',
    to_zip: '80202',
    move_date: FUTURE_DATE_WIRE,
    move_size: '2-3br',
    number_of_rooms: 3,
  });
  expect(lead!.from_location).toMatch(/Chicago/);
  expect(lead!.session_id).toMatch(/^[\w-]{8,64}$/);
  expect(JSON.parse(lead!.selected_companies)).toHaveLength(1);
  expect(lead!.origin).toBe(new URL(page.url()).origin);

  // Events reached the host page as DOM events and in its dataLayer, with step numbers and names.
  const seen = await events(page);
  expect(
    seen.filter((e) => e.source === 'dom' && e.name === 'stepchange').map((e) => e.detail.step),
  ).toEqual([2, 3, 4, 5, 6, 7]);
  expect(seen).toContainEqual(
    expect.objectContaining({ name: 'submit', detail: expect.objectContaining({ leadId }) }),
  );
  const dataLayer = await page.evaluate(
    () => (window as unknown as { dataLayer: { event: string }[] }).dataLayer,
  );
  expect(dataLayer.map((e) => e.event)).toEqual(
    expect.arrayContaining(['moveratlas_ready', 'moveratlas_stepchange', 'moveratlas_submit']),
  );

  // Steps above 1 were tracked on our server too (the admin funnel), for this lead and this partner.
  await expect
    .poll(async () =>
      (await storedStepEvents(lead!.lead_uuid)).map((e) => `${e.form_step} ${e.step_name}`),
    )
    .toEqual(['2 date', '3 route', '4 contact', '5 companies', '6 auto', '7 success']);
  expect(new Set((await storedStepEvents(lead!.lead_uuid)).map((e) => e.site_id))).toEqual(
    new Set(['demo-partner']),
  );

  // Reset starts over with a new lead id.
  await widget.getByRole('button', { name: 'Start a new quote' }).click();
  await expect(heading(widget)).toHaveText('What size is your move?');
  await expect(heading(widget)).toBeFocused();
});

test('a failed step shows the toast and keeps the step; errors are tied to their fields', async ({
  page,
}) => {
  await page.goto('/');
  const widget = page.locator('#quote-main');
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(widget)).toHaveText('When are you moving?');
  await widget.getByRole('button', { name: 'Continue' }).click();
  const alert = widget.getByRole('alert');
  await expect(alert).toContainText('Please check your information');
  await expect(alert).toContainText('Please fill in all required fields correctly.');
  await expect(heading(widget)).toHaveText('When are you moving?');
  const date = widget.getByLabel('Moving date', { exact: true });
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toBeFocused();
  await expect(date).toHaveAccessibleDescription(/Moving date is required/);
  // F8 moves focus to the notification region.
  await page.keyboard.press('F8');
  await expect(widget.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
});

test('the backend failing keeps the visitor on step 6 with the error toast; the retry succeeds', async ({
  page,
}) => {
  await page.goto('/');
  const widget = page.locator('#quote-main');
  await fillToStep6(widget, { ...CONTACT, email: 'retry@example.com' });
  let calls = 0;
  await page.route('**/api/proxy/send_lead', async (route) => {
    calls += 1;
    if (calls === 1)
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"Lead backend unavailable"}',
      });
    else await route.continue();
  });
  await widget.getByRole('button', { name: 'Get my quotes' }).click();
  // Plain words and what to do, never the server's status or its technical reason (issue 15).
  await expect(widget.getByRole('alert')).toContainText('We could not send your request');
  await expect(widget.getByRole('alert')).toContainText(
    'Our server is having trouble right now. Please try again in a minute.',
  );
  await expect(widget.getByRole('alert')).not.toContainText('Lead backend unavailable');
  await expect(heading(widget)).toHaveText('Do you need auto transport?');
  const events0 = await events(page);
  expect(events0).toContainEqual(expect.objectContaining({ source: 'dom', name: 'error' }));
  // Nothing to retype: the same button sends the same lead again.
  const leadId = await submit(widget);
  expect((await storedLead(leadId))?.email).toBe('retry@example.com');
  expect(calls).toBe(2);
});

test('progress survives a reload; prefill from the host page fills the form', async ({ page }) => {
  await page.goto('/');
  const widget = page.locator('#quote-main');
  await page.getByRole('button', { name: /I'm moving a 4\+ bedroom home/ }).click();
  await expect(widget.getByRole('button', { name: /4\+ Bedrooms/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(widget.getByLabel('Moving date', { exact: true })).toHaveValue(isoDaysAhead(90));
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(widget.getByRole('combobox', { name: 'Moving from', exact: true })).toHaveValue(
    '60601',
  );
  await page.reload();
  await expect(heading(widget)).toHaveText('Where are you moving?');
  await expect(widget.getByRole('combobox', { name: 'Moving to', exact: true })).toHaveValue(
    '80202',
  );
  // Back never goes below step 1.
  await widget.getByRole('button', { name: 'Back' }).click();
  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(heading(widget)).toHaveText('What size is your move?');
  await expect(widget.getByRole('button', { name: 'Back' })).toHaveCount(0);
});

test('placeholders added later are mounted and removed ones torn down', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#quote-main moveratlas-frame')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add another quote form' }).click();
  const added = page.locator('.added-slot');
  await expect(heading(added)).toHaveText('What size is your move?');
  await page.getByRole('button', { name: 'Remove the added form' }).click();
  await expect(page.locator('moveratlas-frame')).toHaveCount(1);
});

test('works by keyboard and from 320 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/');
  const widget = page.locator('#quote-main');
  await expect(heading(widget)).toHaveText('What size is your move?');
  const overflow = await widget.evaluate((el) => {
    const frame = el.querySelector('moveratlas-frame')!;
    const panel = frame.shadowRoot!.querySelector('section')!;
    return {
      panel: panel.scrollWidth - panel.clientWidth,
      page: document.documentElement.scrollWidth - innerWidth,
    };
  });
  expect(overflow.panel).toBeLessThanOrEqual(0);
  await widget.getByRole('button', { name: /Studio/ }).focus();
  await page.keyboard.press('Enter');
  await expect(heading(widget)).toHaveText('When are you moving?');
  await expect(heading(widget)).toBeFocused();
});
