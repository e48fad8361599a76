/** The wizard's transitions (spec 4.1), submission in two phases, idempotent resubmits, progress storage. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FALLBACK_MATCHED_COMPANIES,
  consentText,
  formatMoveDate,
  type MatchCompaniesResponse,
  type QuoteFormState,
  type WidgetPrefill,
  type QuoteStepNumber,
} from '@moveratlas/contracts';
import { OFFLINE_MESSAGE, RequestFailure, SERVER_TROUBLE_MESSAGE } from './failure-text';
import { PLACE_NOT_UNDERSTOOD } from './route-places';
import { STORAGE_PREFIX, SUBMIT_ERROR_TITLE, VALIDATION_TOAST, createQuoteStore } from './store';
import { ACME, FILLED, MATCHED, MOVE_DATE, READY, fakeApi, makeStore } from './test-utils';

afterEach(() => vi.restoreAllMocks());

const quiet = () => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
};

describe('transitions', () => {
  it('starts on step 1 with the default size 2-3br and a lead id', () => {
    const { store } = makeStore();
    expect(store.getState().step).toBe(1);
    expect(store.getState().form.moveSize).toBe('2-3br');
    expect(store.getState().form.leadUuid).toBe('lead-uuid-1');
  });

  it.each([
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 5],
    [5, 6],
  ] as [QuoteStepNumber, QuoteStepNumber][])(
    'Continue on a valid step %i goes to %i',
    async (from, to) => {
      quiet();
      const { store, toaster } = makeStore({ step: from, form: READY });
      await expect(store.getState().actions.next()).resolves.toBe(true);
      expect(store.getState().step).toBe(to);
      expect(toaster.show).not.toHaveBeenCalled();
    },
  );

  it.each([
    [1, { moveSize: '' }],
    [2, { movingDate: '' }],
    [3, { movingTo: ' ' }],
    [4, { phone: '555' }],
    [5, { selectedCompanies: [] as QuoteFormState['selectedCompanies'] }],
    [6, { needsAutoTransport: true }],
  ] as const)('a failed step %i keeps the step and shows the toast', async (step, fields) => {
    const { store, toaster, api } = makeStore({ step, form: { ...READY, ...fields } });
    store.getState().actions.agreeToConsent(consentText([ACME.name]));
    await expect(store.getState().actions.next()).resolves.toBe(false);
    expect(store.getState().step).toBe(step);
    expect(toaster.show).toHaveBeenCalledWith({ ...VALIDATION_TOAST, variant: 'destructive' });
    expect(Object.keys(store.getState().errors).length).toBeGreaterThan(0);
    expect(api.sendLead).not.toHaveBeenCalled();
  });

  it('asks for the consent once, on step 6, for the text naming the movers chosen', async () => {
    quiet();
    const { store } = makeStore({ step: 4, form: READY });
    await expect(store.getState().actions.next()).resolves.toBe(true);
    await expect(store.getState().actions.next()).resolves.toBe(true);
    expect(store.getState().step).toBe(6);
    await expect(store.getState().actions.next()).resolves.toBe(false);
    expect(store.getState().errors.consent).toBeDefined();
    store.getState().actions.agreeToConsent(consentText([ACME.name]));
    expect(store.getState().errors).toEqual({});
    await expect(store.getState().actions.next()).resolves.toBe(true);
    expect(store.getState().step).toBe(7);
  });

  it('step 6 with no mover chosen goes back to step 5 and says why, sending nothing', async () => {
    quiet();
    const { store, api } = makeStore({ step: 6, form: FILLED });
    await expect(store.getState().actions.next()).resolves.toBe(false);
    expect(store.getState().step).toBe(5);
    expect(store.getState().errors).toEqual({
      selectedCompanies: 'Choose at least one mover to send your request to.',
    });
    expect(api.sendLead).not.toHaveBeenCalled();
  });

  it('editing a field clears its error', async () => {
    const { store } = makeStore({ step: 2, form: { movingDate: '' } });
    await store.getState().actions.next();
    expect(store.getState().errors.movingDate).toBeDefined();
    store.getState().actions.setField('movingDate', MOVE_DATE);
    expect(store.getState().errors.movingDate).toBeUndefined();
  });

  it('choosing a size tile sets it and advances', async () => {
    quiet();
    const { store } = makeStore();
    await store.getState().actions.chooseSize('4br');
    expect(store.getState()).toMatchObject({ step: 2, form: { moveSize: '4br' } });
  });

  it('Back goes one step and never below step 1', () => {
    quiet();
    const { store } = makeStore({ step: 3 });
    store.getState().actions.back();
    expect(store.getState().step).toBe(2);
    store.getState().actions.back();
    store.getState().actions.back();
    store.getState().actions.back();
    expect(store.getState().step).toBe(1);
  });

  it('emits step changes and tracks steps above 1 (console and server)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { store, emit, api } = makeStore();
    await store.getState().actions.next();
    store.getState().actions.back();
    expect(emit).toHaveBeenCalledWith('stepchange', { step: 2, stepName: 'date', previousStep: 1 });
    expect(emit).toHaveBeenCalledWith('stepchange', { step: 1, stepName: 'size', previousStep: 2 });
    expect(api.trackStep).toHaveBeenCalledTimes(1);
    expect(api.trackStep).toHaveBeenCalledWith({
      event: 'step',
      form_step: '2',
      step_name: 'date',
      session_id: '',
      lead_uuid: 'lead-uuid-1',
      website: 'partner-1',
    });
    expect(info).toHaveBeenCalledWith(
      '[MoverAtlas] form step',
      expect.objectContaining({ form_step: '2' }),
    );
  });
});

describe('matching (step 5)', () => {
  it('matches companies on entering step 5 with the route, lead id and session', async () => {
    quiet();
    const { store, api } = makeStore({ step: 4, form: { ...FILLED, sessionId: 's-1' } });
    await store.getState().actions.next();
    await vi.waitFor(() => expect(store.getState().matches.status).toBe('done'));
    expect(api.matchCompanies).toHaveBeenCalledWith(
      expect.objectContaining({
        from_zip: '60601',
        to_zip: '80202',
        move_size: '2-3br',
        move_date: formatMoveDate(MOVE_DATE),
        lead_uuid: 'lead-uuid-1',
        session_id: 's-1',
        website: 'partner-1',
      }),
    );
    expect(store.getState().matches.companies).toEqual(MATCHED.companies);
    expect(store.getState().form.pingId).toBe('ping-1');
  });

  it('falls back silently to the two stand-in companies', async () => {
    quiet();
    const api = fakeApi({ matchCompanies: vi.fn(async () => Promise.reject(new Error('down'))) });
    const { store, toaster } = makeStore({ api, form: FILLED });
    await store.getState().actions.loadMatches();
    expect(store.getState().matches).toMatchObject({
      status: 'done',
      isFallback: true,
      companies: FALLBACK_MATCHED_COMPANIES,
    });
    expect(store.getState().form.pingId).toBe('fallback-lead-uuid-1');
    expect(toaster.show).not.toHaveBeenCalled();
  });
});

describe('a route typed without picking a suggestion (issue 15)', () => {
  const TYPED = {
    ...FILLED,
    movingFrom: 'Seattle, WA',
    fromLocationZip: '',
    fromLocationCity: '',
    fromLocationState: '',
    movingTo: '97201',
    toLocationZip: '97201',
    toLocationCity: '',
    toLocationState: '',
  };
  const notUnderstood = (ends: Array<'from' | 'to'>) =>
    fakeApi({
      matchCompanies: vi.fn(async () => ({
        companies: [],
        ping_id: 'ping-3',
        is_fallback: false,
        places_not_understood: ends,
      })),
    });

  it('sends the typed texts and keeps the places the server read, without asking twice', async () => {
    quiet();
    const api = fakeApi({
      matchCompanies: vi.fn(async () => ({
        ...MATCHED,
        from_place: { zip: '98101', city: 'Seattle', state: 'WA' },
        to_place: { zip: '97201', city: 'Portland', state: 'OR' },
      })),
    });
    const { store } = makeStore({ api, form: TYPED });
    await store.getState().actions.loadMatches();
    expect(api.matchCompanies).toHaveBeenCalledWith(
      expect.objectContaining({
        from_zip: '',
        from_location: 'Seattle, WA',
        to_zip: '97201',
        to_location: '97201',
      }),
    );
    expect(store.getState().form).toMatchObject({
      movingFrom: 'Seattle, WA',
      fromLocationZip: '98101',
      fromLocationCity: 'Seattle',
      fromLocationState: 'WA',
      toLocationZip: '97201',
      toLocationCity: 'Portland',
      toLocationState: 'OR',
    });
    expect(store.getState().matches).toMatchObject({ status: 'done', isFallback: false });
    await store.getState().actions.loadMatches();
    expect(api.matchCompanies).toHaveBeenCalledTimes(1);
  });

  it('a place not understood goes back to step 3 with the message, never to the stand-ins', async () => {
    quiet();
    const { store, toaster } = makeStore({
      api: notUnderstood(['from', 'to']),
      step: 4,
      form: TYPED,
    });
    await store.getState().actions.next();
    await vi.waitFor(() => expect(store.getState().step).toBe(3));
    expect(store.getState().errors).toEqual({
      movingFrom: PLACE_NOT_UNDERSTOOD,
      movingTo: PLACE_NOT_UNDERSTOOD,
    });
    expect(toaster.show).toHaveBeenCalledWith({ ...VALIDATION_TOAST, variant: 'destructive' });
    expect(store.getState().matches).toMatchObject({ companies: [], isFallback: false });
    expect(store.getState().matches.companies).not.toEqual(FALLBACK_MATCHED_COMPANIES);

    // Unchanged, Continue refuses; each field's message goes once its text changes.
    await expect(store.getState().actions.next()).resolves.toBe(false);
    expect(store.getState().step).toBe(3);
    store.getState().actions.setFields({ movingTo: 'Portland, OR', toLocationZip: '' });
    await expect(store.getState().actions.next()).resolves.toBe(false);
    expect(store.getState().errors).toEqual({ movingFrom: PLACE_NOT_UNDERSTOOD });
    store.getState().actions.setFields({ movingFrom: 'Seattle, Washington' });
    await expect(store.getState().actions.next()).resolves.toBe(true);
    expect(store.getState().step).toBe(4);
  });

  it('an answer that comes once the visitor went on to step 6 brings them back too', async () => {
    quiet();
    let answer: (value: MatchCompaniesResponse) => void = () => undefined;
    const api = fakeApi({
      matchCompanies: vi.fn(() => new Promise<MatchCompaniesResponse>((r) => (answer = r))),
    });
    const { store } = makeStore({ api, step: 4, form: TYPED });
    await store.getState().actions.next();
    await vi.waitFor(() => expect(api.matchCompanies).toHaveBeenCalled());
    store.getState().actions.toggleCompany(ACME, true);
    await store.getState().actions.next();
    expect(store.getState().step).toBe(6);
    answer({ companies: [], ping_id: 'p', is_fallback: false, places_not_understood: ['from'] });
    await vi.waitFor(() => expect(store.getState().step).toBe(3));
    expect(store.getState().errors).toEqual({ movingFrom: PLACE_NOT_UNDERSTOOD });
  });

  it('an answer that comes after the visitor left step 5 asks once they come back to it', async () => {
    quiet();
    const { store, api } = makeStore({ api: notUnderstood(['to']), step: 4, form: TYPED });
    await store.getState().actions.next();
    store.getState().actions.back();
    await vi.waitFor(() => expect(store.getState().matches.status).toBe('done'));
    expect(store.getState().step).toBe(4);
    await expect(store.getState().actions.next()).resolves.toBe(false);
    expect(store.getState().step).toBe(3);
    expect(store.getState().errors).toEqual({ movingTo: PLACE_NOT_UNDERSTOOD });
    expect(api.matchCompanies).toHaveBeenCalledTimes(1);
  });
});

describe('submission (step 6)', () => {
  const ready = (overrides: Parameters<typeof makeStore>[0] = {}) => {
    quiet();
    const made = makeStore({ step: 6, form: FILLED, ...overrides });
    made.store.getState().actions.toggleCompany({ id: 12, name: 'Acme Moving' }, true);
    made.store.getState().actions.agreeToConsent(consentText(['Acme Moving']));
    return made;
  };

  it('posts the lead, then the analytics copy, and shows the confirmation on step 7', async () => {
    const { store, api, emit } = ready();
    await expect(store.getState().actions.next()).resolves.toBe(true);
    expect(store.getState()).toMatchObject({ step: 7, leadId: 'MA-12345', submitting: false });
    const sent = api.sendLead.mock.calls[0]![0];
    expect(sent).toMatchObject({
      lead_uuid: 'lead-uuid-1',
      consent_text: consentText(['Acme Moving']),
      selected_companies: '[{"id":12,"name":"Acme Moving"}]',
    });
    await vi.waitFor(() => expect(api.sendLeadAnalytics).toHaveBeenCalledTimes(1));
    expect(api.sendLeadAnalytics.mock.calls[0]![0]).toMatchObject({
      lead_mmex_lead_id: 'MA-12345',
    });
    expect(emit).toHaveBeenCalledWith('submit', { leadId: 'MA-12345', leadUuid: 'lead-uuid-1' });
  });

  it('a failing analytics copy does not fail the submission', async () => {
    const api = fakeApi({ sendLeadAnalytics: vi.fn(async () => Promise.reject(new Error('bq'))) });
    const { store } = ready({ api });
    await store.getState().actions.next();
    expect(store.getState().step).toBe(7);
  });

  it('a failing lead keeps step 6 with the error toast, and a retry sends the same lead id', async () => {
    const sendLead = vi
      .fn()
      .mockRejectedValueOnce(
        new RequestFailure(SERVER_TROUBLE_MESSAGE, 'API Error: backend down', 502),
      )
      .mockResolvedValueOnce('MA-777');
    const { store, toaster, emit, api } = ready({ api: fakeApi({ sendLead }) });
    await expect(store.getState().actions.next()).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ step: 6, submitting: false });
    expect(toaster.show).toHaveBeenCalledWith({
      key: 'submit',
      title: SUBMIT_ERROR_TITLE,
      description: SERVER_TROUBLE_MESSAGE,
      variant: 'destructive',
    });
    // The technical reason is for the console only.
    expect(console.error).toHaveBeenCalledWith(
      '[MoverAtlas] Error submitting lead: API Error: backend down',
    );
    expect(emit).toHaveBeenCalledWith('error', { message: SERVER_TROUBLE_MESSAGE, step: 6 });
    expect(api.sendLeadAnalytics).not.toHaveBeenCalled();
    // The form is intact: the retry needs no retyping and carries the same lead_uuid.
    await expect(store.getState().actions.next()).resolves.toBe(true);
    expect(sendLead.mock.calls[1]![0].lead_uuid).toBe(sendLead.mock.calls[0]![0].lead_uuid);
    expect(store.getState().leadId).toBe('MA-777');
  });

  it('a double submit sends one lead', async () => {
    let resolve!: (id: string) => void;
    const sendLead = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const { store } = ready({ api: fakeApi({ sendLead }) });
    const first = store.getState().actions.submit();
    await vi.waitFor(() => expect(sendLead).toHaveBeenCalled());
    const second = store.getState().actions.submit();
    resolve('MA-1');
    await Promise.all([first, second]);
    expect(sendLead).toHaveBeenCalledTimes(1);
    // Submitting again after success only shows the confirmation again.
    await store.getState().actions.submit();
    expect(sendLead).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a non-Error failure', 'nope', SERVER_TROUBLE_MESSAGE],
    ['a browser fetch failure', new TypeError('Failed to fetch'), OFFLINE_MESSAGE],
  ])('turns %s into plain words', async (_title, reason, words) => {
    const { store, toaster } = ready({
      api: fakeApi({ sendLead: vi.fn(async () => Promise.reject(reason)) }),
    });
    await store.getState().actions.submit();
    expect(toaster.show).toHaveBeenCalledWith(expect.objectContaining({ description: words }));
  });

  it('reset starts over on step 1 with a new lead id and keeps the session', async () => {
    const { store } = ready();
    store.getState().actions.setField('sessionId', 'session-9');
    await store.getState().actions.next();
    store.getState().actions.reset();
    expect(store.getState()).toMatchObject({ step: 1, leadId: '', consentAgreedText: '' });
    expect(store.getState().form).toMatchObject({
      leadUuid: 'lead-uuid-2',
      sessionId: 'session-9',
      firstName: '',
      moveSize: '2-3br',
    });
  });
});

describe('session, prefill and storage', () => {
  it('puts the page session and IP on the form', async () => {
    const session = vi.fn(async () => ({ sessionId: 'session-7', ip: '198.51.100.1' }));
    const { store } = makeStore({ session });
    await vi.waitFor(() =>
      expect(store.getState().form).toMatchObject({
        sessionId: 'session-7',
        ipAddress: '198.51.100.1',
      }),
    );
    expect(session).toHaveBeenCalledWith('lead-uuid-1');
  });

  it('applies a prefill: size, date, ZIPs and a chosen company', () => {
    const { store } = makeStore({
      prefill: {
        size: '4br',
        date: '07/04/2030',
        fromZip: '60601',
        toZip: '80202',
        companyId: '12',
        companyName: 'Acme Moving',
      },
    });
    expect(store.getState().form).toMatchObject({
      moveSize: '4br',
      movingDate: '2030-07-04',
      fromLocationZip: '60601',
      movingFrom: '60601',
      toLocationZip: '80202',
      selectedCompanies: [{ id: 12, name: 'Acme Moving' }],
    });
  });

  it('keeps progress in session storage per instance and restores it', async () => {
    quiet();
    const storage = window.sessionStorage;
    storage.clear();
    const { store } = makeStore({ storage, instanceId: 'a' });
    await store.getState().actions.chooseSize('studio');
    store.getState().actions.setField('movingDate', MOVE_DATE);
    expect(storage.getItem(`${STORAGE_PREFIX}a`)).toContain(MOVE_DATE);

    const restored = createQuoteStore({
      api: fakeApi(),
      instanceId: 'a',
      storage,
      toaster: { show: vi.fn(), dismiss: vi.fn() },
      page: () => ({ site: '', pageUrl: '', referrer: '', origin: '' }),
    });
    expect(restored.getState()).toMatchObject({
      step: 2,
      form: { moveSize: 'studio', movingDate: MOVE_DATE, leadUuid: 'lead-uuid-1' },
    });
    const other = makeStore({ storage, instanceId: 'b' });
    expect(other.store.getState().step).toBe(1);
  });

  describe('a kept request and the page’s prefill (issue 15)', () => {
    const ACME_LINK = { companyId: '12', companyName: 'Acme Moving' };
    const BOLT_LINK = { companyId: '13', companyName: 'Bolt Movers' };
    const open = (prefill?: WidgetPrefill) =>
      createQuoteStore({
        api: fakeApi(),
        instanceId: 'get-quotes',
        storage: window.sessionStorage,
        toaster: { show: vi.fn(), dismiss: vi.fn() },
        page: () => ({ site: '', pageUrl: '', referrer: '', origin: '' }),
        ...(prefill ? { prefill } : {}),
      });

    it('a link for another company, over a request in progress, keeps the progress and chooses it', async () => {
      quiet();
      window.sessionStorage.clear();
      const first = open(ACME_LINK);
      first.getState().actions.setFields({ ...FILLED });
      await first.getState().actions.next();
      await first.getState().actions.next();
      expect(first.getState().step).toBe(3);

      const second = open(BOLT_LINK);
      expect(second.getState().step).toBe(3);
      expect(second.getState().form).toMatchObject({
        leadUuid: first.getState().form.leadUuid,
        firstName: 'Jane',
        selectedCompanies: [{ id: 13, name: 'Bolt Movers' }, ACME],
      });
    });

    it('a reload of the same page resumes as it was: an unticked mover stays unticked', async () => {
      quiet();
      window.sessionStorage.clear();
      const first = open(ACME_LINK);
      first.getState().actions.toggleCompany(ACME, false);
      expect(first.getState().form.selectedCompanies).toEqual([]);
      expect(open(ACME_LINK).getState().form.selectedCompanies).toEqual([]);
    });

    it('a request kept from before this rule, opened by a company link, takes the company', () => {
      window.sessionStorage.clear();
      window.sessionStorage.setItem(
        `${STORAGE_PREFIX}get-quotes`,
        JSON.stringify({
          v: 1,
          step: 2,
          form: { moveSize: 'studio', leadUuid: 'kept-uuid-1' },
          consentAgreedText: '',
          leadId: '',
          matches: { status: 'idle', companies: [], isFallback: false, key: '' },
        }),
      );
      const store = open(ACME_LINK);
      expect(store.getState()).toMatchObject({
        step: 2,
        form: { moveSize: 'studio', leadUuid: 'kept-uuid-1', selectedCompanies: [ACME] },
      });
    });

    it('a link over a request already sent starts a new one with that company', async () => {
      quiet();
      window.sessionStorage.clear();
      const first = open();
      first.getState().actions.setFields({ ...READY });
      first.getState().actions.agreeToConsent(consentText([ACME.name]));
      first.setState({ step: 6 });
      await first.getState().actions.next();
      expect(first.getState().step).toBe(7);
      // A reload shows the confirmation again…
      expect(open().getState()).toMatchObject({ step: 7, leadId: 'MA-12345' });
      // …a company's link starts a new request for it.
      const next = open(BOLT_LINK);
      expect(next.getState()).toMatchObject({ step: 1, leadId: '' });
      expect(next.getState().form.leadUuid).not.toBe(first.getState().form.leadUuid);
      expect(next.getState().form.selectedCompanies).toEqual([{ id: 13, name: 'Bolt Movers' }]);
    });

    it('a ZIP prefill replaces that end of the route whole', () => {
      const { store } = makeStore({ form: FILLED });
      store.getState().actions.prefill({ toZip: '10001' });
      expect(store.getState().form).toMatchObject({
        movingTo: '10001',
        toLocationZip: '10001',
        toLocationCity: '',
        toLocationState: '',
        movingFrom: 'Chicago, IL 60601',
      });
    });
  });

  it('ignores a corrupt stored copy', () => {
    window.sessionStorage.setItem(`${STORAGE_PREFIX}bad`, '{not json');
    const { store } = makeStore({ storage: window.sessionStorage, instanceId: 'bad' });
    expect(store.getState().step).toBe(1);
  });
});
