/**
 * The calculator page's data: the query string read with the contracts' schema, the two ZIPs looked up, and
 * the estimate from the contracts' pricing model. The same function runs in the server's loader (a plain GET
 * form works without scripts) and in the browser as the visitor changes the form.
 */
import {
  DEFAULT_MOVE_SIZE,
  distanceMiles,
  estimateMoveCost,
  type MoveCostEstimate,
  type MoveSizeId,
  type ZipPlace,
} from '@moveratlas/contracts';

/** The form's values as the visitor typed them, so the form shows them again. */
export interface CalculatorForm {
  size: MoveSizeId;
  fromZip: string;
  toZip: string;
  date: string;
  packing: boolean;
  storageMonths: number;
}

export interface CalculatorData {
  form: CalculatorForm;
  estimate: MoveCostEstimate | null;
  from: string | null;
  to: string | null;
  error: string | null;
}

export const EMPTY_FORM: CalculatorForm = {
  size: DEFAULT_MOVE_SIZE,
  fromZip: '',
  toZip: '',
  date: '',
  packing: false,
  storageMonths: 0,
};

/**
 * The query's zod schema, loaded on demand: with zod in its first download the page would be over the budget
 * of 130 kB of JavaScript (issue 5). The server has it bundled; a browser fetches it at the first change.
 */
export const loadQuerySchema = () =>
  import('./calculator-query').then((module) => module.MoveCostQuerySchema);

const FIELD_LABELS: Record<string, string> = {
  size: 'Home size',
  fromZip: 'Moving from ZIP',
  toZip: 'Moving to ZIP',
  date: 'Moving date',
  storageMonths: 'Months of storage',
};

export async function calculate(
  params: URLSearchParams,
  findZip: (zip: string) => Promise<ZipPlace | undefined>,
): Promise<CalculatorData> {
  const raw = Object.fromEntries(params.entries());
  if (raw.size === undefined)
    return { form: EMPTY_FORM, estimate: null, from: null, to: null, error: null };
  const form: CalculatorForm = {
    ...EMPTY_FORM,
    fromZip: raw.fromZip ?? '',
    toZip: raw.toZip ?? '',
    date: raw.date ?? '',
    packing: ['1', 'on', 'true'].includes(raw.packing ?? ''),
  };
  const parsed = (await loadQuerySchema()).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    return {
      form,
      estimate: null,
      from: null,
      to: null,
      error: `${FIELD_LABELS[field] ?? field} ${issue.message}`,
    };
  }
  const query = parsed.data;
  const done = { ...form, size: query.size, storageMonths: query.storageMonths };
  if (!query.fromZip || !query.toZip) {
    return {
      form: done,
      estimate: null,
      from: null,
      to: null,
      error: 'Enter both ZIP codes to estimate your move.',
    };
  }
  const [from, to] = await Promise.all([findZip(query.fromZip), findZip(query.toZip)]);
  const unknown = !from ? query.fromZip : !to ? query.toZip : null;
  if (!from || !to) {
    return {
      form: done,
      estimate: null,
      from: null,
      to: null,
      error: `We could not find the ZIP code ${unknown}.`,
    };
  }
  const estimate = estimateMoveCost({
    size: query.size,
    distanceMiles: distanceMiles(from, to),
    moveDate: query.date || undefined,
    packing: query.packing,
    storageMonths: query.storageMonths,
  });
  return { form: done, estimate, from: from.label, to: to.label, error: null };
}

/** The quote form, prefilled with what the visitor entered here. */
export function quoteLink(form: CalculatorForm): string {
  const params = new URLSearchParams({ size: form.size });
  if (form.date) params.set('date', form.date);
  if (form.fromZip) params.set('fromZip', form.fromZip);
  if (form.toZip) params.set('toZip', form.toZip);
  return `/get-quotes?${params.toString()}`;
}

export const formatUsd = (amount: number): string => `$${amount.toLocaleString('en-US')}`;
