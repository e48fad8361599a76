import { describe, expect, it } from 'vitest';
import {
  QUOTE_STEPS,
  normaliseQuoteForm,
  normaliseWidgetOptions,
  quoteAliases,
  stepName,
  widgetOptionsFromAttributes,
} from './widget-quote';
import { WidgetStepEventSchema } from './widget-step-event';

describe('widget options: one option, three spellings', () => {
  const attributes = {
    site: 'partner-1',
    mode: 'modal',
    'instance-id': 'sidebar',
    'launcher-label': 'Get quotes',
    'data-layer': '',
    size: 'studio',
    date: '2030-06-15',
    'from-zip': '60601',
    'to-zip': '80202',
    'company-id': '12',
    'company-name': 'Acme Moving',
    'brand-color': '#b45309',
    radius: '4px',
    'font-family': 'Georgia, serif',
  } as Record<string, string>;
  const expected = {
    site: 'partner-1',
    mode: 'modal',
    instanceId: 'sidebar',
    launcherLabel: 'Get quotes',
    dataLayer: true,
    prefill: {
      size: 'studio',
      date: '2030-06-15',
      fromZip: '60601',
      toZip: '80202',
      companyId: '12',
      companyName: 'Acme Moving',
    },
    theme: { brandColor: '#b45309', radius: '4px', fontFamily: 'Georgia, serif' },
  };

  it('reads data-* attributes of a placeholder', () => {
    expect(widgetOptionsFromAttributes((n) => attributes[n.slice(5)] ?? null, 'data-')).toEqual(
      expected,
    );
  });
  it('reads plain attributes of <moveratlas-quote>', () => {
    expect(widgetOptionsFromAttributes((n) => attributes[n] ?? null, '')).toEqual(expected);
  });
  it('reads a JS options object', () => {
    expect(normaliseWidgetOptions(expected)).toEqual(expected);
  });

  it.each([
    [{ mode: 'popup' }, {}],
    [{ prefill: { fromZip: '6060' } }, {}],
    [{ theme: { brandColor: 'red; background: url(x)' } }, {}],
    [{ theme: { fontFamily: '</style>' } }, {}],
    [{ site: 'x'.repeat(65) }, {}],
    [{ dataLayer: 'myLayer' }, { dataLayer: 'myLayer' }],
    [{ dataLayer: false }, { dataLayer: false }],
    [{ site: 42 }, {}],
    [null, {}],
  ])('drops what is malformed: %j', (input, output) => {
    expect(normaliseWidgetOptions(input)).toEqual(output);
  });
});

describe('quote form state', () => {
  it('normalises anything into the spec 3 shape', () => {
    const form = normaliseQuoteForm({
      moveSize: '4br',
      firstName: 7,
      needsAutoTransport: 'yes',
      selectedCompanies: [{ id: 1, name: 'A' }, { id: {}, name: 'B' }, 'C'],
      debugMode: 'maybe',
    });
    expect(form).toMatchObject({
      moveSize: '4br',
      firstName: '',
      needsAutoTransport: false,
      selectedCompanies: [{ id: 1, name: 'A' }],
      debugMode: 'no',
    });
    expect(Object.keys(form)).toHaveLength(25);
  });

  it('derives fullName from trimmed names', () => {
    expect(
      quoteAliases({ ...normaliseQuoteForm({}), firstName: ' Ann', lastName: '' }).fullName,
    ).toBe('Ann');
  });
});

describe('steps', () => {
  it('names the seven steps', () => {
    expect(QUOTE_STEPS.map((s) => stepName(s.step))).toEqual([
      'size',
      'date',
      'route',
      'contact',
      'companies',
      'auto',
      'success',
    ]);
  });
  it('validates the funnel event', () => {
    expect(
      WidgetStepEventSchema.safeParse({ event: 'step', form_step: '3', step_name: 'route' })
        .success,
    ).toBe(true);
    expect(
      WidgetStepEventSchema.safeParse({ event: 'step', form_step: '8', step_name: 'route' })
        .success,
    ).toBe(false);
  });
});
