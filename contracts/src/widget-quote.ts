/**
 * The quote widget's own shapes: the quote form state of spec 3 with its derived aliases, the seven steps,
 * the embedding options a partner sets (by JS call, data-* attribute or custom-element attribute), the events
 * the widget emits (the funnel event it reports is widget-step-event.ts). The field rules live in lead.ts.
 */

// ---------------------------------------------------------------------------------------------------------
// Steps (spec 2.3)

export const QUOTE_STEPS = [
  { step: 1, name: 'size', title: 'Size' },
  { step: 2, name: 'date', title: 'Date' },
  { step: 3, name: 'route', title: 'Route' },
  { step: 4, name: 'contact', title: 'Contact' },
  { step: 5, name: 'companies', title: 'Companies' },
  { step: 6, name: 'auto', title: 'Auto' },
  { step: 7, name: 'success', title: 'Success' },
] as const;
export type QuoteStepNumber = (typeof QUOTE_STEPS)[number]['step'];
export type QuoteStepName = (typeof QUOTE_STEPS)[number]['name'];
export const FIRST_STEP: QuoteStepNumber = 1;
export const LAST_STEP: QuoteStepNumber = 7;

export function stepName(step: QuoteStepNumber): QuoteStepName {
  return QUOTE_STEPS[step - 1]!.name;
}

// ---------------------------------------------------------------------------------------------------------
// Quote form state (spec 3)

export const DEBUG_MODES = ['no', 'yes', 'yes-e2e', 'yes-nosend', 'yes-nosms'] as const;
export type DebugMode = (typeof DEBUG_MODES)[number];

/** Auto-transport condition choices of step 6. */
export const AUTO_CONDITIONS = ['Running', 'Not running'] as const;

export interface QuoteFormState {
  moveSize: string;
  movingDate: string;
  movingFrom: string;
  fromLocationZip: string;
  fromLocationCity: string;
  fromLocationState: string;
  movingTo: string;
  toLocationZip: string;
  toLocationCity: string;
  toLocationState: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  leadUuid: string;
  ipAddress: string;
  sessionId: string;
  pingId: string;
  needsAutoTransport: boolean;
  autoYear: string;
  autoMake: string;
  autoModel: string;
  autoCondition: string;
  selectedCompanies: { id: number | string; name: string }[];
  debugMode: DebugMode;
}

const FORM_TEXT_FIELDS = [
  'moveSize',
  'movingDate',
  'movingFrom',
  'fromLocationZip',
  'fromLocationCity',
  'fromLocationState',
  'movingTo',
  'toLocationZip',
  'toLocationCity',
  'toLocationState',
  'firstName',
  'lastName',
  'email',
  'phone',
  'leadUuid',
  'ipAddress',
  'sessionId',
  'pingId',
  'autoYear',
  'autoMake',
  'autoModel',
  'autoCondition',
] as const satisfies readonly (keyof QuoteFormState)[];

/**
 * A quote form state from anything (a stored copy from an older widget keeps what it can): each text field
 * falls back to empty, the list to empty. Plain code rather than a zod schema: it runs before step 1 shows,
 * and the widget loads zod only for validation (bundle budget, docs/decisions/005).
 */
export function normaliseQuoteForm(raw: unknown): QuoteFormState {
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 4000) : '');
  const form = Object.fromEntries(FORM_TEXT_FIELDS.map((f) => [f, text(source[f])])) as Omit<
    QuoteFormState,
    'needsAutoTransport' | 'selectedCompanies' | 'debugMode'
  >;
  const companies = Array.isArray(source.selectedCompanies) ? source.selectedCompanies : [];
  return {
    ...form,
    needsAutoTransport: source.needsAutoTransport === true,
    selectedCompanies: companies
      .filter(
        (c): c is { id: number | string; name: string } =>
          typeof c === 'object' &&
          c !== null &&
          (typeof c.id === 'number' || typeof c.id === 'string') &&
          typeof c.name === 'string',
      )
      .slice(0, 10)
      .map((c) => ({ id: c.id, name: c.name })),
    debugMode: (DEBUG_MODES as readonly unknown[]).includes(source.debugMode)
      ? (source.debugMode as DebugMode)
      : 'no',
  };
}

export interface QuoteAliases {
  homeSize: string;
  fromZip: string;
  fromCity: string;
  fromState: string;
  toZip: string;
  toCity: string;
  toState: string;
  moveDate: string;
  fullName: string;
}

/** Spec 3's derived aliases, as the lead backend's older field names read them. */
export function quoteAliases(form: QuoteFormState): QuoteAliases {
  return {
    homeSize: form.moveSize,
    fromZip: form.fromLocationZip,
    fromCity: form.fromLocationCity,
    fromState: form.fromLocationState,
    toZip: form.toLocationZip,
    toCity: form.toLocationCity,
    toState: form.toLocationState,
    moveDate: form.movingDate,
    fullName: `${form.firstName.trim()} ${form.lastName.trim()}`.trim(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Embedding options: one name per option, three spellings (JS camelCase, data-kebab, kebab attribute)

export const WIDGET_MODES = ['inline', 'modal'] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];

export interface WidgetPrefill {
  size?: string | undefined;
  /** YYYY-MM-DD or MM/DD/YYYY. */
  date?: string | undefined;
  fromZip?: string | undefined;
  toZip?: string | undefined;
  /** A company the visitor came from (a profile's Get Quote): preselected on step 5, named in the consent. */
  companyId?: string | undefined;
  companyName?: string | undefined;
}

export interface WidgetTheme {
  brandColor?: string | undefined;
  radius?: string | undefined;
  fontFamily?: string | undefined;
}

export interface WidgetOptions {
  /** The partner's site id (sent as `website`); defaults to the loader tag's data-site. */
  site?: string | undefined;
  mode?: WidgetMode | undefined;
  /** Names this instance: its progress is stored under it. Defaults to the element id or its order on the page. */
  instanceId?: string | undefined;
  launcherLabel?: string | undefined;
  /** Modal mode: the dialog opens as soon as the widget is mounted (the host page's own button was the launch). */
  open?: boolean | undefined;
  /** Push each event to `window[dataLayer]` (true means `dataLayer`). */
  dataLayer?: boolean | string | undefined;
  prefill?: WidgetPrefill | undefined;
  theme?: WidgetTheme | undefined;
}

/** Attribute name (without `data-`) → option, with the rule its value must meet. */
const ZIP = /^\d{5}$/;
/** A CSS value must not be able to break out of its declaration. */
const CSS_VALUE = /^[^;{}<>"\\]*$/;
const WIDGET_OPTION_RULES = {
  site: { path: ['site'], max: 64 },
  mode: { path: ['mode'], max: 10, pattern: /^(inline|modal)$/ },
  'instance-id': { path: ['instanceId'], max: 64 },
  'launcher-label': { path: ['launcherLabel'], max: 60 },
  open: { path: ['open'], max: 5, flag: true },
  'data-layer': { path: ['dataLayer'], max: 40 },
  size: { path: ['prefill', 'size'], max: 40 },
  date: { path: ['prefill', 'date'], max: 40 },
  'from-zip': { path: ['prefill', 'fromZip'], max: 5, pattern: ZIP },
  'to-zip': { path: ['prefill', 'toZip'], max: 5, pattern: ZIP },
  'company-id': { path: ['prefill', 'companyId'], max: 40 },
  'company-name': { path: ['prefill', 'companyName'], max: 160 },
  'brand-color': { path: ['theme', 'brandColor'], max: 60, pattern: CSS_VALUE },
  radius: { path: ['theme', 'radius'], max: 20, pattern: CSS_VALUE },
  'font-family': { path: ['theme', 'fontFamily'], max: 200, pattern: CSS_VALUE },
} as const satisfies Record<
  string,
  {
    path: readonly [string] | readonly [string, string];
    max: number;
    pattern?: RegExp;
    /** A yes/no option: true or false in JS; as an attribute, present (or "true") or "false". */
    flag?: true;
  }
>;
export const WIDGET_ATTRIBUTES = Object.keys(WIDGET_OPTION_RULES);

function cleanOption(
  rule: { max: number; pattern?: RegExp },
  value: unknown,
): string | boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '' || text.length > rule.max) return undefined;
  if (rule.pattern && !rule.pattern.test(text)) return undefined;
  return text;
}

/**
 * Every option, whichever way it came: a JS object (camelCase, nested prefill and theme) or attributes.
 * Unknown or malformed values are dropped rather than failing the embed.
 */
export function normaliseWidgetOptions(raw: unknown): WidgetOptions {
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const options: Record<string, unknown> = {};
  for (const rule of Object.values(WIDGET_OPTION_RULES)) {
    const [first, second] = rule.path as readonly string[];
    const container = second === undefined ? source : source[first!];
    if (typeof container !== 'object' || container === null) continue;
    const given = (container as Record<string, unknown>)[second ?? first!];
    const flag = 'flag' in rule;
    // A flag is true or false and nothing else; dataLayer is either a flag or a name; the rest are text.
    const value = flag && typeof given !== 'boolean' ? undefined : cleanOption(rule, given);
    if (value === undefined || (typeof value === 'boolean' && !flag && first !== 'dataLayer'))
      continue;
    if (second === undefined) options[first!] = value;
    else ((options[first!] ??= {}) as Record<string, unknown>)[second] = value;
  }
  return options as WidgetOptions;
}

/** Options from an element's attributes: `data-from-zip` on a placeholder, `from-zip` on <moveratlas-quote>. */
export function widgetOptionsFromAttributes(
  read: (name: string) => string | null,
  prefix: '' | 'data-',
): WidgetOptions {
  const raw: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(WIDGET_OPTION_RULES)) {
    let value: unknown = read(prefix + name);
    if (value === null) continue;
    const [first, second] = rule.path as readonly string[];
    if (first === 'dataLayer' || 'flag' in rule)
      value = value === '' || value === 'true' ? true : value === 'false' ? false : value;
    if (second === undefined) raw[first!] = value;
    else ((raw[first!] ??= {}) as Record<string, unknown>)[second] = value;
  }
  return normaliseWidgetOptions(raw);
}

// ---------------------------------------------------------------------------------------------------------
// Events

export const WIDGET_EVENTS = ['ready', 'stepchange', 'submit', 'error'] as const;
export type WidgetEventName = (typeof WIDGET_EVENTS)[number];
/** DOM events are dispatched on the placeholder element as `moveratlas:<name>`, bubbling and composed. */
export const WIDGET_EVENT_PREFIX = 'moveratlas:';

export interface WidgetEventDetails {
  ready: { instanceId: string };
  stepchange: {
    instanceId: string;
    step: QuoteStepNumber;
    stepName: QuoteStepName;
    previousStep: QuoteStepNumber;
  };
  submit: { instanceId: string; leadId: string; leadUuid: string };
  error: { instanceId: string; message: string; step: QuoteStepNumber };
}
