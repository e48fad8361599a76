/**
 * One zustand store per widget instance (never a module-level `create`): the quote form state of spec 3,
 * the current step and the transitions of spec 4.1. Side effects (API, toasts, events) come in as
 * dependencies so the transitions can be tested without a browser or a server.
 */
import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import {
  DEFAULT_MOVE_SIZE,
  FIRST_STEP,
  normaliseQuoteForm,
  formatMoveDate,
  stepName,
  type MatchCompaniesResponse,
  type MatchedCompany,
  type QuoteFormState,
  type QuoteStepNumber,
  type ValidationToggles,
  type WidgetEventDetails,
  type WidgetEventName,
  type WidgetPrefill,
} from '@moveratlas/contracts';
import type { WidgetApi } from './api';
import type { PageContext } from './lead-wire';
import type { UnplacedTexts } from './route-places';
import type { VisitorSession } from './session';
import type { LazyToaster } from './toast-proxy';
import type { StepErrors } from './validation';
import { STEP_NOT_LOADED_MESSAGE, visitorMessage } from './failure-text';

export const VALIDATION_TOAST = {
  key: 'validation',
  title: 'Please check your information',
  description: 'Please fill in all required fields correctly.',
} as const;
/** A failed submission (spec 8's toast, in words a visitor reads; the technical reason goes to the console). */
export const SUBMIT_ERROR_TITLE = 'We could not send your request';
/** Continue could not load what the next step needs (a dropped connection). */
export const NOT_LOADED_TITLE = 'Something did not load';

export interface MatchState {
  status: 'idle' | 'loading' | 'done';
  companies: MatchedCompany[];
  isFallback: boolean;
  /** The route the list was matched for; a changed route matches again. */
  key: string;
  /**
   * The route texts, as typed, the server could place nowhere (issue 15): the visitor is sent back to step 3
   * to pick a suggestion, and Continue there refuses a text until it changes.
   */
  unplaced?: UnplacedTexts;
}

export interface QuoteActions {
  setField<K extends keyof QuoteFormState>(name: K, value: QuoteFormState[K]): void;
  setFields(fields: Partial<QuoteFormState>): void;
  /** Step 1's tiles: sets the size and advances. */
  chooseSize(size: string): Promise<boolean>;
  /** Continue: validates the current step; advances, or submits on step 6. */
  next(): Promise<boolean>;
  back(): void;
  agreeToConsent(text: string | null): void;
  toggleCompany(company: { id: number | string; name: string }, selected: boolean): void;
  loadMatches(): Promise<void>;
  /** Matching failed: ask again (the step's Try again). */
  retryMatches(): Promise<void>;
  submit(): Promise<boolean>;
  reset(): void;
  prefill(prefill: WidgetPrefill): void;
  setHoneypot(value: string): void;
}

export interface QuoteState {
  step: QuoteStepNumber;
  form: QuoteFormState;
  /**
   * Messages of the last failed Continue. Each field in error is checked again as the visitor edits it: its
   * message changes with what is still wrong and goes once it is right (and the toast with the last one).
   */
  errors: StepErrors;
  /** The exact consent text the visitor ticked the box for; a different text needs a new tick. */
  consentAgreedText: string;
  matches: MatchState;
  submitting: boolean;
  /** The confirmation id of the submitted lead (step 7). */
  leadId: string;
  honeypot: string;
  actions: QuoteActions;
}

export type QuoteStore = StoreApi<QuoteState>;

type Emit = <K extends WidgetEventName>(
  name: K,
  detail: Omit<WidgetEventDetails[K], 'instanceId'>,
) => void;

export interface QuoteStoreDeps {
  api: WidgetApi;
  instanceId: string;
  page: () => PageContext;
  toaster: Pick<LazyToaster, 'show' | 'dismiss'>;
  emit?: Emit;
  /** Started once per page; resolves with the session id and IP to put on the form. */
  session?: (leadUuid: string) => Promise<VisitorSession>;
  storage?: Storage | null;
  toggles?: ValidationToggles;
  prefill?: WidgetPrefill;
  newId?: () => string;
}

const importRules = () => import('./rules');
type Rules = Awaited<ReturnType<typeof importRules>>;
/** The rules once loaded: a field in error is checked again on every edit, which cannot wait for a chunk. */
let loadedRules: Rules | undefined;

/** The rules chunk (zod, consent, wire formats): fetched at idle after step 1 shows, awaited by Continue. */
export const loadRules = (): Promise<Rules> => importRules().then((rules) => (loadedRules = rules));

export const STORAGE_PREFIX = 'moveratlas:quote:';
const STORAGE_VERSION = 1;

export function emptyForm(leadUuid: string): QuoteFormState {
  return {
    ...normaliseQuoteForm({}),
    moveSize: DEFAULT_MOVE_SIZE,
    leadUuid,
  };
}

const routeKey = (form: QuoteFormState) =>
  [
    form.fromLocationZip,
    form.movingFrom.trim(),
    form.toLocationZip,
    form.movingTo.trim(),
    form.moveSize,
  ].join('|');

function applyPrefill(form: QuoteFormState, prefill: WidgetPrefill | undefined): QuoteFormState {
  if (!prefill) return form;
  const next = { ...form };
  if (prefill.size) next.moveSize = prefill.size;
  if (prefill.date) {
    const mmddyyyy = formatMoveDate(prefill.date);
    const [m, d, y] = mmddyyyy.split('/');
    if (m && d && y) next.movingDate = `${y}-${m}-${d}`;
  }
  // A ZIP that differs from the one on the form replaces that end of the route whole (text, city, state), so
  // the form never holds one place's text with another place's ZIP.
  if (prefill.fromZip && prefill.fromZip !== next.fromLocationZip) {
    next.fromLocationZip = prefill.fromZip;
    next.movingFrom = prefill.fromZip;
    next.fromLocationCity = '';
    next.fromLocationState = '';
  }
  if (prefill.toZip && prefill.toZip !== next.toLocationZip) {
    next.toLocationZip = prefill.toZip;
    next.movingTo = prefill.toZip;
    next.toLocationCity = '';
    next.toLocationState = '';
  }
  if (prefill.companyId && prefill.companyName) {
    const id = /^\d+$/.test(prefill.companyId) ? Number(prefill.companyId) : prefill.companyId;
    if (!next.selectedCompanies.some((c) => String(c.id) === String(id)))
      next.selectedCompanies = [{ id, name: prefill.companyName }, ...next.selectedCompanies].slice(
        0,
        10,
      );
  }
  return next;
}

interface Stored {
  v: number;
  step: QuoteStepNumber;
  form: unknown;
  consentAgreedText: string;
  leadId: string;
  matches: MatchState;
  /** The page's prefill when this was saved (absent before issue 15: read as none). */
  prefill?: string;
}

/** A prefill as one comparable text: the values given, in a fixed order. */
const prefillKey = (prefill: WidgetPrefill | undefined): string =>
  JSON.stringify(
    Object.entries(prefill ?? {})
      .filter(([, value]) => value !== undefined && value !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

function readStored(storage: Storage | null | undefined, key: string): Stored | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Stored;
    if (stored.v !== STORAGE_VERSION || !(stored.step >= 1 && stored.step <= 7)) return undefined;
    return stored;
  } catch {
    return undefined;
  }
}

export function createQuoteStore(deps: QuoteStoreDeps): QuoteStore {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const emit: Emit = deps.emit ?? (() => undefined);
  const toggles = deps.toggles;
  const storageKey = STORAGE_PREFIX + deps.instanceId;
  const pagePrefill = prefillKey(deps.prefill);
  const saved = readStored(deps.storage, storageKey);
  /**
   * A request kept from earlier in this tab is resumed on a reload of the same page. A page that asks for
   * something else — a shared /get-quotes?company=… link, another company's Get Quote — is honoured (issue 15):
   * a request in progress keeps what the visitor entered and takes the new prefill (that mover chosen); one
   * already sent gives way to a new request.
   */
  const newIntent = saved !== undefined && (saved.prefill ?? prefillKey(undefined)) !== pagePrefill;
  const stored = saved && newIntent && saved.leadId ? undefined : saved;

  const initialForm = (() => {
    if (stored) {
      const form = normaliseQuoteForm(stored.form);
      if (form.leadUuid) return newIntent ? applyPrefill(form, deps.prefill) : form;
    }
    return applyPrefill(emptyForm(newId()), deps.prefill);
  })();

  const store = createStore<QuoteState>()((set, get) => {
    /**
     * The messages still true of the fields in error after an edit: only those fields are checked (the others
     * wait for Continue, so nothing turns red while the visitor is still typing it for the first time).
     */
    const stillWrong = (
      state: QuoteState,
      form: QuoteFormState,
      consentAgreedText: string,
    ): StepErrors => {
      const inError = Object.keys(state.errors) as (keyof StepErrors)[];
      if (inError.length === 0) return state.errors;
      const rules = loadedRules;
      if (!rules) return {};
      const { step, matches } = state;
      const check = rules.validateStep(step, form, {
        toggles,
        consentAgreed: step === 6 ? rules.consentIsCurrent({ form, consentAgreedText }) : undefined,
      });
      const now: StepErrors = {
        ...check.errors,
        ...(step === 3 ? rules.unplacedErrors(form, matches.unplaced) : {}),
      };
      const errors: StepErrors = {};
      for (const name of inError) if (now[name]) errors[name] = now[name];
      return errors;
    };

    /** Sets the form (and consent) and checks the fields in error again; the toast goes with the last one. */
    const update = (fields: Partial<QuoteFormState>, consentAgreedText?: string) => {
      const before = get();
      const form = { ...before.form, ...fields };
      const agreed = consentAgreedText ?? before.consentAgreedText;
      const errors = stillWrong(before, form, agreed);
      set({ form, consentAgreedText: agreed, errors });
      if (Object.keys(before.errors).length > 0 && Object.keys(errors).length === 0)
        deps.toaster.dismiss(VALIDATION_TOAST.key);
    };
    const patchForm = (fields: Partial<QuoteFormState>) => update(fields);

    const goTo = (step: QuoteStepNumber) => {
      const previousStep = get().step;
      if (step === previousStep) return;
      set({ step, errors: {} });
      // A message is about the step it was shown on: it never follows the visitor to another one.
      deps.toaster.dismiss();
      emit('stepchange', { step, stepName: stepName(step), previousStep });
      if (step > FIRST_STEP) {
        const { form } = get();
        const event = {
          event: 'step' as const,
          form_step: String(step),
          step_name: stepName(step),
          session_id: form.sessionId,
          lead_uuid: form.leadUuid,
          website: deps.page().site,
        };
        console.info('[MoverAtlas] form step', event);
        deps.api.trackStep(event);
      }
      if (step === 5) void get().actions.loadMatches();
    };

    const fail = (errors: StepErrors) => {
      set({ errors });
      deps.toaster.show({ ...VALIDATION_TOAST, variant: 'destructive' });
      return false;
    };

    /**
     * A route the server could not place (issue 15): from the movers (or past them) back to step 3, the
     * message on the field. Never on step 7 or mid-submission; on step 3 the message shows; from elsewhere
     * the next Continue through step 3 or into step 5 asks.
     */
    const askForPlaces = ({ unplacedErrors }: Rules) => {
      const { step, submitting, form, matches } = get();
      const errors = unplacedErrors(form, matches.unplaced);
      if (Object.keys(errors).length === 0 || submitting) return;
      if (step === 5 || step === 6) goTo(3);
      if (get().step === 3) fail(errors);
    };

    const actions: QuoteActions = {
      setField: (name, value) => patchForm({ [name]: value } as Partial<QuoteFormState>),
      setFields: patchForm,
      async chooseSize(size) {
        patchForm({ moveSize: size });
        return get().actions.next();
      },
      async next() {
        // The rules (and zod) load after step 1 shows: they are not needed to show it.
        const rules = await loadRules().catch((error: unknown) => {
          console.error('[MoverAtlas] the rules chunk did not load', error);
          deps.toaster.show({
            key: 'load',
            title: NOT_LOADED_TITLE,
            description: STEP_NOT_LOADED_MESSAGE,
            variant: 'destructive',
          });
          return undefined;
        });
        if (!rules) return false;
        const { validateStep, consentIsCurrent, unplacedErrors } = rules;
        const state = get();
        if (state.submitting || state.step === 7) return false;
        const step = state.step;
        // The request goes to the movers chosen on step 5 and no other: without one there is nothing to send
        // (a stored request, or one from before the rule), so the visitor is taken back to choose.
        if (step === 6) {
          const movers = validateStep(5, state.form, { toggles });
          if (!movers.ok) {
            goTo(5);
            return fail(movers.errors);
          }
        }
        const check = validateStep(step, state.form, {
          toggles,
          consentAgreed: step === 6 ? consentIsCurrent(state) : undefined,
        });
        if (!check.ok) return fail(check.errors);
        // A route the server could not place is asked for again before the movers (issue 15).
        if (step === 3 || step === 4) {
          const unplaced = unplacedErrors(state.form, state.matches.unplaced);
          if (Object.keys(unplaced).length > 0) {
            goTo(3);
            return fail(unplaced);
          }
        }
        if (step === 6) return get().actions.submit();
        goTo((step + 1) as QuoteStepNumber);
        return true;
      },
      back() {
        const { step, submitting } = get();
        if (step === 7 || submitting) return;
        goTo(Math.max(FIRST_STEP, step - 1) as QuoteStepNumber);
      },
      agreeToConsent(text) {
        update({}, text ?? '');
      },
      toggleCompany(company, selected) {
        const { selectedCompanies } = get().form;
        const rest = selectedCompanies.filter((c) => String(c.id) !== String(company.id));
        patchForm({
          selectedCompanies: selected
            ? [...rest, { id: company.id, name: company.name }].slice(0, 10)
            : rest,
        });
      },
      async loadMatches() {
        const { form, matches } = get();
        const key = routeKey(form);
        if (matches.key === key && matches.status !== 'idle') {
          if (matches.unplaced) askForPlaces(await loadRules());
          return;
        }
        set({ matches: { status: 'loading', companies: [], isFallback: false, key } });
        const rules = await loadRules().catch(() => undefined);
        if (!rules) {
          // Without the rules chunk there is nothing to match with: the step says so and offers a retry.
          if (get().matches.key === key)
            set({ matches: { status: 'done', companies: [], isFallback: true, key } });
          return;
        }
        const { FALLBACK_MATCHED_COMPANIES, unplacedTexts, withPlaces } = rules;
        let companies: MatchedCompany[];
        let isFallback = false;
        let pingId = '';
        let places: Pick<MatchCompaniesResponse, 'from_place' | 'to_place'> = {};
        let unplaced: MatchState['unplaced'];
        try {
          const answer = await deps.api.matchCompanies({
            from_zip: form.fromLocationZip,
            from_city: form.fromLocationCity,
            from_state: form.fromLocationState,
            to_zip: form.toLocationZip,
            to_city: form.toLocationCity,
            to_state: form.toLocationState,
            from_location: form.movingFrom.trim(),
            to_location: form.movingTo.trim(),
            move_size: form.moveSize,
            move_date: formatMoveDate(form.movingDate),
            lead_uuid: form.leadUuid,
            session_id: form.sessionId,
            website: deps.page().site,
            _target: 'match_companies',
          });
          companies = answer.companies;
          isFallback = answer.is_fallback;
          pingId = answer.ping_id;
          places = answer;
          if (answer.places_not_understood?.length)
            unplaced = unplacedTexts(form, answer.places_not_understood);
          else if (companies.length === 0) throw new Error('no companies');
        } catch {
          // Spec 8: matching fails silently into the two stand-in companies.
          companies = [...FALLBACK_MATCHED_COMPANIES];
          isFallback = true;
          pingId ||= `fallback-${form.leadUuid}`;
        }
        if (get().matches.key !== key) return;
        // The places read fill only what the form lacked, so the key they give names the same route.
        set((state) => {
          const next = { ...withPlaces(state.form, places), pingId };
          return {
            matches: {
              status: 'done',
              companies,
              isFallback,
              key: routeKey(next),
              ...(unplaced && { unplaced }),
            },
            form: next,
          };
        });
        // In the same turn as the empty list: step 5 never shows "0 movers".
        if (unplaced) askForPlaces(rules);
      },
      retryMatches() {
        set((state) => ({ matches: { ...state.matches, status: 'idle', key: '' } }));
        return get().actions.loadMatches();
      },
      async submit() {
        const state = get();
        if (state.submitting) return false;
        if (state.leadId) {
          goTo(7);
          return true;
        }
        set({ submitting: true });
        const page = deps.page();
        const { form } = state;
        let leadId: string;
        let leadAnalyticsFields: Rules['leadAnalyticsFields'];
        try {
          const rules = await loadRules();
          const { sendLeadFields, currentConsentText } = rules;
          leadAnalyticsFields = rules.leadAnalyticsFields;
          leadId = await deps.api.sendLead(
            sendLeadFields(form, page, {
              text: currentConsentText(form),
              honeypot: state.honeypot,
            }),
          );
        } catch (error) {
          // The console keeps the technical reason; the visitor (and the partner's error event) get plain words.
          console.error(
            `[MoverAtlas] Error submitting lead: ${error instanceof Error ? error.message : String(error)}`,
          );
          const message = visitorMessage(error);
          set({ submitting: false });
          deps.toaster.show({
            key: 'submit',
            title: SUBMIT_ERROR_TITLE,
            description: message,
            variant: 'destructive',
          });
          emit('error', { message, step: 6 });
          return false;
        }
        console.info('[MoverAtlas] Lead submitted successfully');
        // Phase two, the analytics copy: its failure never fails the submission.
        deps.api
          .sendLeadAnalytics(leadAnalyticsFields(form, page, leadId, state.honeypot))
          .catch((error: unknown) => {
            console.warn(`[MoverAtlas] Failed to submit lead to BigQuery: ${String(error)}`);
          });
        set({ submitting: false, leadId });
        goTo(7);
        emit('submit', { leadId, leadUuid: form.leadUuid });
        return true;
      },
      reset() {
        const { form } = get();
        const fresh = emptyForm(newId());
        set({
          form: { ...fresh, sessionId: form.sessionId, ipAddress: form.ipAddress },
          errors: {},
          consentAgreedText: '',
          matches: { status: 'idle', companies: [], isFallback: false, key: '' },
          leadId: '',
          submitting: false,
          honeypot: '',
        });
        goTo(1);
      },
      prefill(prefill) {
        if (get().step === 7) return;
        set((state) => ({ form: applyPrefill(state.form, prefill) }));
      },
      setHoneypot: (honeypot) => set({ honeypot }),
    };

    return {
      step: stored?.step ?? FIRST_STEP,
      form: initialForm,
      errors: {},
      consentAgreedText: stored?.consentAgreedText ?? '',
      matches:
        stored?.matches?.status === 'done'
          ? stored.matches
          : { status: 'idle', companies: [], isFallback: false, key: '' },
      submitting: false,
      leadId: stored?.leadId ?? '',
      honeypot: '',
      actions,
    };
  });

  // Progress survives a reload of the page (per instance, for the tab's lifetime).
  if (deps.storage) {
    const storage = deps.storage;
    const save = (state: QuoteState) => {
      const snapshot: Stored = {
        v: STORAGE_VERSION,
        step: state.step,
        form: state.form,
        consentAgreedText: state.consentAgreedText,
        leadId: state.leadId,
        matches:
          state.matches.status === 'done' ? state.matches : { ...state.matches, status: 'idle' },
        prefill: pagePrefill,
      };
      try {
        storage.setItem(storageKey, JSON.stringify(snapshot));
      } catch {
        // Storage full or blocked: progress is just not kept.
      }
    };
    store.subscribe((state, previous) => {
      if (
        state.form === previous.form &&
        state.step === previous.step &&
        state.consentAgreedText === previous.consentAgreedText &&
        state.leadId === previous.leadId &&
        state.matches === previous.matches
      )
        return;
      save(state);
    });
    // The new prefill is kept at once: a reload of this page is then a reload, not a new intent.
    if (newIntent) save(store.getState());
  }

  if (deps.session) {
    void deps.session(initialForm.leadUuid).then(({ sessionId, ip }) => {
      const { form } = store.getState();
      store.setState({
        form: { ...form, sessionId: form.sessionId || sessionId, ipAddress: ip || form.ipAddress },
      });
    });
  }
  if (store.getState().step === 5) void store.getState().actions.loadMatches();
  return store;
}

export const QuoteStoreContext = createContext<QuoteStore | null>(null);

export function useQuote<T>(selector: (state: QuoteState) => T): T {
  const store = useContext(QuoteStoreContext);
  if (!store) throw new Error('useQuote needs a QuoteStoreContext provider');
  return useStore(store, selector);
}

export function useQuoteActions(): QuoteActions {
  return useQuote((state) => state.actions);
}
