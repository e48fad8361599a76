/** Each step rendered in the wizard (Testing Library): labelled forms, errors tied to fields, toasts, focus. */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_MATCHED_COMPANIES, consentText } from '@moveratlas/contracts';
import type { WidgetApi } from './api';
import { lazy } from 'react';
import { createApi } from './api';
import { LAZY_STEPS, renewStep } from './steps/lazy-steps';
import { OFFLINE_MESSAGE, STEP_NOT_LOADED_MESSAGE } from './failure-text';
import { PLACE_NOT_UNDERSTOOD } from './route-places';
import { longDate } from './steps/date-step';
import {
  ACME,
  FILLED,
  MATCHED,
  READY,
  MOVE_DATE,
  fakeApi,
  isoDaysAhead,
  makeStore,
  renderWizard,
} from './test-utils';

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The text of the elements that describe `element` (aria-describedby), as assistive tech reads it. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean)
    .join(' ');
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('step 1: size', () => {
  it('shows the four tiles with 2-3 Bedrooms chosen, inside a labelled form', () => {
    const { store, api } = makeStore();
    renderWizard(store, api);
    const form = screen.getByRole('form', { name: 'What size is your move?' });
    const tiles = within(form)
      .getAllByRole('button', { pressed: undefined })
      .filter((b) => b.hasAttribute('aria-pressed'));
    expect(tiles.map((t) => t.textContent)).toEqual([
      'Studio/1BR400-600 sq ft',
      '2-3 Bedrooms800-1200 sq ft',
      '4+ Bedrooms1500+ sq ft',
      'Office/Commercialany size',
    ]);
    expect(screen.getByRole('button', { name: /2-3 Bedrooms/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText('Step 1 of 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('choosing a tile sets the size, advances and focuses the next heading', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore();
    renderWizard(store, api);
    await user.click(screen.getByRole('button', { name: /4\+ Bedrooms/ }));
    const next = await heading('When are you moving?');
    expect(store.getState().form.moveSize).toBe('4br');
    await waitFor(() => expect(document.activeElement).toBe(next));
  });

  it('Continue advances with the default size', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore();
    renderWizard(store, api);
    await user.click(continueButton());
    await heading('When are you moving?');
    expect(store.getState().form.moveSize).toBe('2-3br');
  });
});

describe('step 2: date', () => {
  it('an empty date keeps the step, shows the toast and ties the error to the field', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 2 });
    renderWizard(store, api);
    const input = await screen.findByLabelText('Moving date');
    await user.click(continueButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please check your information');
    expect(alert.textContent).toContain('Please fill in all required fields correctly.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The field to fix takes focus once it is marked invalid.
    await waitFor(() => expect(input).toHaveFocus());
    const describedBy = input.getAttribute('aria-describedby')!.split(' ');
    const message = describedBy.map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(message).toContain('Moving date is required.');
    expect(store.getState().step).toBe(2);
  });

  it('a date advances and Back returns', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 2 });
    renderWizard(store, api);
    const date = await screen.findByLabelText('Moving date');
    await user.clear(date);
    await user.type(date, MOVE_DATE);
    expect(screen.getByText(`You are moving on ${longDate(MOVE_DATE)}.`)).toBeInTheDocument();
    await user.click(continueButton());
    await heading('Where are you moving?');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('When are you moving?');
  });

  it('refuses yesterday and 2099 with a plain message on the field, and offers only the days allowed', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 2 });
    renderWizard(store, api);
    const date = await screen.findByLabelText('Moving date');
    expect(date).toHaveAttribute('min', isoDaysAhead(0));
    expect(date.getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.type(date, isoDaysAhead(-1));
    await user.click(continueButton());
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(description(date)).toContain(
      'That moving date has passed. Please choose today or a later date.',
    );
    await user.clear(date);
    await user.type(date, '2099-06-15');
    await user.click(continueButton());
    await waitFor(() =>
      expect(description(date)).toMatch(/Please choose a moving date within the next 18 months/),
    );
    expect(store.getState().step).toBe(2);
    await user.clear(date);
    await user.type(date, MOVE_DATE);
    await user.click(continueButton());
    await heading('Where are you moving?');
  });
});

describe('a step that does not load', () => {
  it('says so in plain words with a retry, and the retry brings the step', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The date step's chunk fails as a dropped connection makes it fail.
    LAZY_STEPS[2] = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    try {
      const { store, api } = makeStore({ step: 2 });
      renderWizard(store, api);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(STEP_NOT_LOADED_MESSAGE);
      expect(alert.textContent).not.toMatch(/fetch|module/i);
      // The panel is still there: its heading, Back and Continue.
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('When are you moving?');
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByLabelText('Moving date')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      renewStep(2);
    }
  });
});

describe('step 3: route', () => {
  it('suggests places for a city and fills ZIP, city and state', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 3 });
    renderWizard(store, api);
    const from = await screen.findByRole('combobox', { name: 'Moving from' });
    await user.type(from, 'Chic');
    const option = await screen.findByRole(
      'option',
      { name: 'Chicago, IL 60601' },
      { timeout: 2000 },
    );
    expect(api.places).toHaveBeenCalledWith('Chic', expect.anything());
    expect(from.getAttribute('aria-expanded')).toBe('true');
    await user.click(option);
    expect(store.getState().form).toMatchObject({
      movingFrom: 'Chicago, IL 60601',
      fromLocationZip: '60601',
      fromLocationCity: 'Chicago',
      fromLocationState: 'IL',
    });
  });

  it('chooses a suggestion by keyboard', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 3 });
    renderWizard(store, api);
    const to = await screen.findByRole('combobox', { name: 'Moving to' });
    await user.type(to, '606');
    await screen.findByRole('option', {}, { timeout: 2000 });
    await user.keyboard('{ArrowDown}');
    // The first suggestion is the active one: announced to screen readers, chosen by Enter below.
    const [first] = screen.getAllByRole('option');
    expect(first!.id).not.toBe('');
    expect(to).toHaveAttribute('aria-activedescendant', first!.id);
    await user.keyboard('{Enter}');
    expect(store.getState().form.toLocationZip).toBe('60601');
  });

  it('suggestions that arrive after focus left the field stay closed until the visitor comes back', async () => {
    const user = userEvent.setup();
    const places = fakeApi().places;
    let answer!: (value: Awaited<ReturnType<WidgetApi['places']>>) => void;
    const late = vi.fn<WidgetApi['places']>(() => new Promise((resolve) => (answer = resolve)));
    const { store, api } = makeStore({ step: 3, api: fakeApi({ places: late }) });
    renderWizard(store, api);
    const from = await screen.findByRole('combobox', { name: 'Moving from' });
    const to = screen.getByRole('combobox', { name: 'Moving to' });
    await user.type(from, 'Chic');
    await waitFor(() => expect(late).toHaveBeenCalledWith('Chic', expect.anything()));
    // The visitor moves on before the answer comes.
    await user.tab();
    expect(to).toHaveFocus();
    await act(async () => answer(await places('Chic')));
    expect(screen.queryByRole('option')).toBeNull();
    expect(from).toHaveAttribute('aria-expanded', 'false');
    // Back in the field, the suggestions are there to pick.
    await user.click(from);
    expect(await screen.findByRole('option', { name: 'Chicago, IL 60601' })).toBeVisible();
    expect(from).toHaveAttribute('aria-expanded', 'true');
  });

  it('a typed ZIP is kept as the ZIP; empty places fail with errors on both fields', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 3 });
    renderWizard(store, api);
    await user.click(continueButton());
    await screen.findByRole('alert');
    expect(screen.getByRole('combobox', { name: 'Moving from' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Moving to' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // The first invalid field takes focus, and again at every refused Continue.
    const from = screen.getByRole('combobox', { name: 'Moving from' });
    await waitFor(() => expect(from).toHaveFocus());
    // Clicking Continue moves focus to the button first.
    await user.click(continueButton());
    await waitFor(() => expect(from).toHaveFocus());
    await user.type(screen.getByRole('combobox', { name: 'Moving from' }), '60601');
    expect(store.getState().form.fromLocationZip).toBe('60601');
  });
});

/** Steps 1, 2 and 4 done; the route is left to the test. */
const UNROUTED = {
  ...FILLED,
  movingFrom: '',
  movingTo: '',
  fromLocationZip: '',
  fromLocationCity: '',
  fromLocationState: '',
  toLocationZip: '',
  toLocationCity: '',
  toLocationState: '',
};

describe('step 3: a place typed without picking a suggestion (issue 15)', () => {
  it('still reaches the movers, matched from the place the server read', async () => {
    const user = userEvent.setup();
    const matchCompanies = vi.fn<WidgetApi['matchCompanies']>(async () => ({
      ...MATCHED,
      from_place: { zip: '98101', city: 'Seattle', state: 'WA' },
      to_place: { zip: '97201', city: 'Portland', state: 'OR' },
    }));
    const { store, api } = makeStore({ step: 3, form: UNROUTED, api: fakeApi({ matchCompanies }) });
    renderWizard(store, api);
    // Suggestions show (Chicago), and are not picked.
    await user.type(await screen.findByRole('combobox', { name: 'Moving from' }), 'Seattle, WA');
    await user.type(screen.getByRole('combobox', { name: 'Moving to' }), 'Portland, OR');
    await user.click(continueButton());
    await heading('How can movers reach you?');
    await user.click(continueButton());
    await heading('Choose your movers');
    expect(await screen.findByRole('checkbox', { name: /Acme Moving/ })).toBeInTheDocument();
    expect(screen.queryByText(FALLBACK_MATCHED_COMPANIES[0]!.name)).toBeNull();
    expect(matchCompanies).toHaveBeenCalledWith(
      expect.objectContaining({
        from_zip: '',
        from_city: '',
        from_location: 'Seattle, WA',
        to_location: 'Portland, OR',
      }),
    );
    // The lead carries the places the server read, as if the suggestions had been picked.
    expect(store.getState().form).toMatchObject({
      movingFrom: 'Seattle, WA',
      fromLocationZip: '98101',
      fromLocationCity: 'Seattle',
      fromLocationState: 'WA',
      toLocationCity: 'Portland',
      toLocationState: 'OR',
    });
  });

  it('an unrecognised place brings the visitor back to step 3 with the message on the field', async () => {
    const user = userEvent.setup();
    const matchCompanies = vi.fn<WidgetApi['matchCompanies']>(async () => ({
      companies: [],
      ping_id: 'ping-2',
      is_fallback: false,
      places_not_understood: ['from'],
      to_place: { zip: '97201', city: 'Portland', state: 'OR' },
    }));
    const { store, api } = makeStore({
      step: 3,
      form: UNROUTED,
      api: fakeApi({ matchCompanies, places: vi.fn(async () => []) }),
    });
    renderWizard(store, api);
    await user.type(await screen.findByRole('combobox', { name: 'Moving from' }), 'Xyzzy, QQ');
    await user.type(screen.getByRole('combobox', { name: 'Moving to' }), 'Portland, OR');
    await user.click(continueButton());
    await heading('How can movers reach you?');
    await user.click(continueButton());

    // Back on the route step, never on the stand-in movers.
    await heading('Where are you moving?');
    const from = screen.getByRole('combobox', { name: 'Moving from' });
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(description(from)).toContain(PLACE_NOT_UNDERSTOOD);
    expect(screen.getByRole('combobox', { name: 'Moving to' })).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(from).toHaveFocus());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please check your information',
    );
    expect(screen.queryByText(FALLBACK_MATCHED_COMPANIES[0]!.name)).toBeNull();

    // The same text again is refused on the spot, without asking the server.
    await user.click(continueButton());
    await waitFor(() => expect(from).toHaveFocus());
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Where are you moving?');
    expect(description(from)).toContain(PLACE_NOT_UNDERSTOOD);
    expect(matchCompanies).toHaveBeenCalledTimes(1);

    // Changing the text ends that message (an empty field is told it is required instead); another place
    // goes on to the movers.
    await user.clear(from);
    expect(description(from)).not.toContain(PLACE_NOT_UNDERSTOOD);
    expect(description(from)).toContain('Moving from is required.');
    matchCompanies.mockResolvedValue(MATCHED);
    await user.type(from, '98101');
    expect(from).not.toHaveAttribute('aria-invalid');
    await user.click(continueButton());
    await heading('How can movers reach you?');
    await user.click(continueButton());
    await screen.findByRole('checkbox', { name: /Acme Moving/ });
    expect(matchCompanies).toHaveBeenCalledTimes(2);
  });
});

describe('step 4: contact', () => {
  it('formats the phone and asks for no consent yet: the movers are not chosen', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 4, form: { ...FILLED, phone: '' } });
    renderWizard(store, api);
    await screen.findByLabelText('Phone');
    // Typed into the field on screen: on a slow machine the lazy step may replace its first render.
    await waitFor(async () => {
      const phone = screen.getByLabelText('Phone');
      await user.clear(phone);
      await user.type(phone, '13125550142');
      // Tabbing out blurs the field, which formats the number.
      await user.tab();
      expect(store.getState().form.phone).toBe('(312) 555-0142');
    });
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(continueButton());
    await heading('Choose your movers');
  });

  it('ties each field error to its field', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 4 });
    renderWizard(store, api);
    await user.type(await screen.findByLabelText('First name'), 'J');
    await user.type(screen.getByLabelText('Email'), 'jane@');
    await user.click(continueButton());
    await screen.findByRole('alert');
    const first = screen.getByLabelText('First name');
    expect(description(first)).toBe('First name must be at least 2 characters.');
    expect(description(screen.getByLabelText('Email'))).toBe(
      'Email must be a valid e-mail address.',
    );
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('step 5: companies', () => {
  it('lists the matched movers; at least one must be chosen, and only those receive the request', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 4, form: FILLED });
    renderWizard(store, api);
    await act(() => store.getState().actions.next());
    const acme = await screen.findByRole('checkbox', { name: /Acme Moving/ });
    expect(
      screen.getByText(
        /2 movers serve your route\. Choose at least one to get quotes from\. Only the movers you choose receive your request\./,
      ),
    ).toBeInTheDocument();
    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please check your information',
    );
    expect(acme).toHaveAttribute('aria-invalid', 'true');
    expect(description(acme)).toBe('Choose at least one mover to send your request to.');
    await waitFor(() => expect(acme).toHaveFocus());
    await user.click(acme);
    // Fixed: the message and the toast go.
    expect(acme).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(store.getState().form.selectedCompanies).toEqual([ACME]);
    await user.click(continueButton());
    await heading('Do you need auto transport?');
  });

  it('when matching fails, says so with Try again instead of listing stand-in movers', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const matchCompanies = vi
      .fn<WidgetApi['matchCompanies']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(MATCHED);
    const { store, api } = makeStore({ step: 4, form: FILLED, api: fakeApi({ matchCompanies }) });
    renderWizard(store, api);
    await act(() => store.getState().actions.next());
    expect(
      await screen.findByText(
        'We could not load the movers for your route just now. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
    for (const standIn of FALLBACK_MATCHED_COMPANIES)
      expect(screen.queryByText(standIn.name)).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: /Acme Moving/ })).toBeInTheDocument();
    expect(matchCompanies).toHaveBeenCalledTimes(2);
  });

  it('lists a prefilled mover the match did not return first, and lets it be unticked', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({
      step: 4,
      form: FILLED,
      prefill: { companyId: '77', companyName: 'Profile Movers' },
    });
    const chosen = [{ id: 77, name: 'Profile Movers' }];
    expect(store.getState().form.selectedCompanies).toEqual(chosen);
    renderWizard(store, api);
    await act(() => store.getState().actions.next());
    await screen.findByRole('checkbox', { name: /Acme Moving/ });
    const boxes = screen.getAllByRole('checkbox');
    const names = boxes.map(
      (b) => b.closest('label')?.querySelector('.font-semibold')?.textContent,
    );
    expect(names).toEqual(['Profile Movers', 'Acme Moving', 'Bolt Movers']);
    expect((boxes[0] as HTMLInputElement).checked).toBe(true);
    await user.click(boxes[0]!);
    expect(store.getState().form.selectedCompanies).toEqual([]);
    // Still listed, so the visitor can tick it again.
    const again = screen.getByRole('checkbox', { name: /Profile Movers/ });
    expect((again as HTMLInputElement).checked).toBe(false);
    await user.click(again);
    expect(store.getState().form.selectedCompanies).toEqual(chosen);
  });
});

describe('step 6: auto transport, the one consent, and submission', () => {
  const atStep6 = (api = fakeApi(), form = READY) => {
    const made = makeStore({ api, step: 6, form });
    renderWizard(made.store, made.api);
    return made;
  };

  it('asks for the vehicle only when auto transport is wanted', async () => {
    const user = userEvent.setup();
    const { store } = atStep6();
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    expect(store.getState().form.needsAutoTransport).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Get my quotes' }));
    await screen.findByRole('alert');
    expect(screen.getByLabelText('Vehicle year').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Vehicle model').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('Vehicle year')).toBeNull();
  });

  it('one consent, ticked once, names the movers chosen and that the request goes to them alone', async () => {
    const user = userEvent.setup();
    const { store, api } = atStep6(fakeApi(), {
      ...FILLED,
      selectedCompanies: [ACME, { id: 13, name: 'Bolt Movers' }],
    });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: consentText(['Acme Moving', 'Bolt Movers']),
    });
    expect(box.labels?.[0]?.textContent).toContain(
      'I ask MoverAtlas to send my quote request to Acme Moving and Bolt Movers and to no other moving company',
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Get my quotes' }));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Get my quotes' }));
    await heading('Your quote request is in');
    expect(api.sendLead).toHaveBeenCalledWith(
      expect.objectContaining({
        consent_version: '2026-11-27',
        consent_text: consentText(['Acme Moving', 'Bolt Movers']),
        selected_companies: JSON.stringify([ACME, { id: 13, name: 'Bolt Movers' }]),
      }),
    );
    expect(store.getState().leadId).toBe('MA-12345');
  });

  it('a failed submission stays on step 6 with a plain toast (never "Failed to fetch"); the retry succeeds', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The real client over a network that drops the first request.
    const fetchOnce = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('MA-42', { status: 200 }));
    const { store } = atStep6(
      fakeApi({ sendLead: vi.fn(createApi('https://api.example', fetchOnce).sendLead) }),
    );
    store.getState().actions.agreeToConsent(consentText([ACME.name]));
    await user.click(await screen.findByRole('button', { name: 'Get my quotes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not send your request');
    expect(alert.textContent).toContain(OFFLINE_MESSAGE);
    expect(alert.textContent).not.toMatch(/fetch|API Error/i);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Do you need auto transport?',
    );
    await user.click(screen.getByRole('button', { name: 'Get my quotes' }));
    await heading('Your quote request is in');
    expect((await screen.findByTestId('confirmation-id')).textContent).toBe('MA-42');
  });
});

describe('step 7: success', () => {
  it.each([
    [[ACME], 'We’ve sent your request to Acme Moving.'],
    [
      [ACME, { id: 13, name: 'Bolt Movers' }],
      'We’ve sent your request to Acme Moving and Bolt Movers.',
    ],
    [
      [ACME, { id: 13, name: 'Bolt Movers' }, { id: 14, name: 'Crate Co' }],
      'We’ve sent your request to Acme Moving and 2 others.',
    ],
  ])('names where the request went (%#) and that no other mover has it', async (movers, sent) => {
    const { store, api } = makeStore({ step: 7, form: { ...FILLED, selectedCompanies: movers } });
    store.setState({ leadId: 'MA-9' });
    renderWizard(store, api);
    expect(await screen.findByText(sent)).toBeInTheDocument();
    expect(screen.getByText(/No other moving company receives your request\./)).toBeInTheDocument();
    expect(screen.queryByText(/Movers will contact you shortly/)).toBeNull();
  });

  it('shows the confirmation id and starts over with a new lead id', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 7, form: READY });
    store.setState({ leadId: 'MA-9' });
    renderWizard(store, api);
    expect((await screen.findByTestId('confirmation-id')).textContent).toBe('MA-9');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    const before = store.getState().form.leadUuid;
    await user.click(screen.getByRole('button', { name: 'Start a new quote' }));
    await heading('What size is your move?');
    expect(store.getState().form.leadUuid).not.toBe(before);
  });
});

describe('toasts', () => {
  it('the red toast goes once the error is fixed, and each field keeps its message until it is right', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 4, form: { ...FILLED, firstName: '', email: '' } });
    renderWizard(store, api);
    const first = await screen.findByLabelText('First name');
    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please check your information',
    );
    // One letter is not a name yet: the message changes, the field and the toast stay.
    await user.type(first, 'J');
    expect(description(first)).toBe('First name must be at least 2 characters.');
    await user.type(first, 'o');
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'jo@example');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '.com');
    // Everything fixed: the toast is gone without waiting out its 5 seconds.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(store.getState().step).toBe(4);
  });

  it('a toast never follows the visitor to another step', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 2 });
    renderWizard(store, api);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('What size is your move?');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed submission’s toast is gone on the success step', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sendLead = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('MA-43');
    const { store, api } = makeStore({ api: fakeApi({ sendLead }), step: 6, form: READY });
    store.getState().actions.agreeToConsent(consentText([ACME.name]));
    renderWizard(store, api);
    await user.click(await screen.findByRole('button', { name: 'Get my quotes' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Get my quotes' }));
    await heading('Your quote request is in');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('F8 focuses the notification region; swiping right 50 px dismisses', async () => {
    const user = userEvent.setup();
    const { store, api } = makeStore({ step: 2 });
    renderWizard(store, api);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    await user.keyboard('{F8}');
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Notifications (F8)' }));
    // A touch drag of 30 px, then one of 60 px.
    await user.pointer([
      { keys: '[TouchA>]', target: alert, coords: { clientX: 10 } },
      { pointerName: 'TouchA', target: alert, coords: { clientX: 40 } },
      { keys: '[/TouchA]', target: alert, coords: { clientX: 40 } },
    ]);
    expect(screen.queryByRole('alert')).not.toBeNull();
    await user.pointer([
      { keys: '[TouchA>]', target: alert, coords: { clientX: 10 } },
      { pointerName: 'TouchA', target: alert, coords: { clientX: 70 } },
      { keys: '[/TouchA]', target: alert, coords: { clientX: 70 } },
    ]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
