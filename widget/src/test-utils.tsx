/** Test helpers: a fake API, a store with it, and the wizard rendered around that store. */
import { render } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import {
  isoCalendarDate,
  localCalendarDate,
  type MatchCompaniesResponse,
  type QuoteFormState,
  type QuoteStepNumber,
} from '@moveratlas/contracts';
import type { WidgetApi } from './api';
import { createQuoteStore, type QuoteStore, type QuoteStoreDeps } from './store';
import { createLazyToaster, type LazyToaster } from './toast-proxy';
import { WidgetServicesContext } from './widget-context';
import { QuoteStoreContext } from './store';
import { Wizard } from './wizard';

export const MATCHED: MatchCompaniesResponse = {
  companies: [
    {
      id: 12,
      name: 'Acme Moving',
      logo_url: null,
      rating: 4.6,
      reviews_count: 120,
      years_in_business: 12,
      services: ['Local Moving', 'Packing & Storage'],
      contact: { phone: null, email: null },
      city: 'Chicago',
      state: 'IL',
      distance_miles: 3.2,
    },
    {
      id: 13,
      name: 'Bolt Movers',
      logo_url: null,
      rating: 4.1,
      reviews_count: 40,
      years_in_business: null,
      services: [],
      contact: { phone: null, email: null },
      city: 'Evanston',
      state: 'IL',
    },
  ],
  ping_id: 'ping-1',
  is_fallback: false,
};

export type FakeApi = { [K in keyof WidgetApi]: Mock<WidgetApi[K]> };

/** The API with every call a spy; pass replacements for the calls a test makes fail or hang. */
export function fakeApi(overrides: Partial<Record<keyof WidgetApi, Mock>> = {}): FakeApi {
  const api = {
    ip: vi.fn(async () => '203.0.113.9'),
    startSession: vi.fn(async () => 'session-1'),
    matchCompanies: vi.fn(async () => MATCHED),
    sendLead: vi.fn(async () => 'MA-12345'),
    sendLeadAnalytics: vi.fn(async () => undefined),
    places: vi.fn(async () => [
      {
        zip: '60601',
        city: { name: 'Chicago', slug: 'chicago' },
        state: { name: 'Illinois', slug: 'illinois', abbreviation: 'IL' },
        lat: 41.88,
        lng: -87.62,
        label: 'Chicago, IL 60601',
      },
    ]),
    trackStep: vi.fn(),
  } satisfies WidgetApi;
  return { ...api, ...overrides } as FakeApi;
}

/** YYYY-MM-DD `days` from the visitor's today (negative: in the past). */
export function isoDaysAhead(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return isoCalendarDate(localCalendarDate(day));
}

/** A moving date two months ahead: inside the accepted window (today to 18 months) whenever tests run. */
export const MOVE_DATE = isoDaysAhead(60);

export const FILLED: Partial<QuoteFormState> = {
  moveSize: '2-3br',
  movingDate: MOVE_DATE,
  movingFrom: 'Chicago, IL 60601',
  fromLocationZip: '60601',
  fromLocationCity: 'Chicago',
  fromLocationState: 'IL',
  movingTo: 'Denver, CO 80202',
  toLocationZip: '80202',
  toLocationCity: 'Denver',
  toLocationState: 'CO',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  phone: '(312) 555-0142',
};

/** The mover most tests choose on step 5 (the first of MATCHED). */
export const ACME = { id: 12, name: 'Acme Moving' };

/** Steps 1 to 5 done: FILLED with Acme chosen, ready for step 6's consent and submission. */
export const READY: Partial<QuoteFormState> = { ...FILLED, selectedCompanies: [ACME] };

export function makeStore(
  options: Partial<QuoteStoreDeps> & {
    step?: QuoteStepNumber;
    form?: Partial<QuoteFormState>;
  } = {},
) {
  const api = (options.api as FakeApi | undefined) ?? fakeApi();
  // A real toaster (the wizard shows its toasts), spied on for the store's tests.
  const toaster = createLazyToaster();
  vi.spyOn(toaster, 'show');
  const emit = vi.fn();
  let id = 0;
  const store = createQuoteStore({
    instanceId: 'test',
    page: () => ({
      site: 'partner-1',
      pageUrl: 'https://partner.example/quote',
      referrer: 'https://search.example/',
      origin: 'https://partner.example',
    }),
    newId: () => `lead-uuid-${++id}`,
    toaster,
    emit,
    ...options,
    api,
  });
  if (options.form) store.getState().actions.setFields(options.form);
  if (options.step) store.setState({ step: options.step });
  storeToasters.set(store, toaster);
  return { store, api, toaster, emit };
}

const storeToasters = new WeakMap<QuoteStore, LazyToaster>();

export function renderWizard(store: QuoteStore, api: WidgetApi) {
  const toaster = storeToasters.get(store) ?? createLazyToaster();
  return render(
    <WidgetServicesContext value={{ api, toaster }}>
      <QuoteStoreContext value={store}>
        <Wizard />
      </QuoteStoreContext>
    </WidgetServicesContext>,
  );
}
