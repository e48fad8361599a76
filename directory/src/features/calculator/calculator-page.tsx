/**
 * /calculator: a GET form (it works without scripts: the server's loader computes the result from the
 * query string) that, with scripts, recalculates as the visitor changes it. The estimate comes from the
 * contracts' pricing model; the button opens the quote form prefilled.
 */
import type { FormEvent } from 'react';
import { Form, Link, useLoaderData, useSubmit, type LoaderFunctionArgs } from 'react-router-dom';
import {
  LOCAL_MOVE_MAX_MILES,
  MAX_STORAGE_MONTHS,
  MOVE_SIZES,
  PRICING_RULES,
} from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { webPageJsonLd } from '../../lib/seo/content-structured-data';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import {
  calculate,
  formatUsd,
  loadQuerySchema,
  quoteLink,
  type CalculatorData,
} from './calculator-model';

export async function loader({ context, request }: LoaderFunctionArgs): Promise<CalculatorData> {
  const data = directoryData(context);
  return calculate(new URL(request.url).searchParams, (zip) => data.zipPlace(zip));
}

const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'Moving Cost Calculator', to: '/calculator' },
];
const TITLE = 'Moving Cost Calculator';
const DESCRIPTION =
  'Estimate what your move will cost: local moves by crew and hours, long-distance moves by weight and distance, plus packing, storage and peak season.';

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none';
const labelClass = 'block text-sm font-medium text-slate-800';

/** Recalculate only when the form is complete, so half-typed ZIP codes do not flash errors. */
async function isComplete(form: HTMLFormElement): Promise<boolean> {
  const values = Object.fromEntries(new FormData(form).entries());
  const parsed = (await loadQuerySchema()).safeParse(values);
  return parsed.success && Boolean(parsed.data.fromZip) && Boolean(parsed.data.toZip);
}

export function CalculatorView({ form, estimate, from, to, error }: CalculatorData) {
  const site = useSite();
  const submit = useSubmit();
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.currentTarget;
    void isComplete(target).then((complete) => {
      if (complete) void submit(target, { replace: true, preventScrollReset: true });
    });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={[
          'moving cost calculator',
          'moving cost estimate',
          'how much does it cost to move',
          'moving estimate',
        ]}
        breadcrumbs={CRUMBS}
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[
          webPageJsonLd(site, { title: TITLE, description: DESCRIPTION, path: '/calculator' }),
        ]}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Moving Cost Calculator
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        Enter your home size and the two ZIP codes for a typical price range with its breakdown.
        Moves up to {LOCAL_MOVE_MAX_MILES} miles are priced like local moves, by the hour; longer
        moves by weight and distance.
      </p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Form
          method="get"
          action="/calculator"
          replace
          preventScrollReset
          onChange={onChange}
          className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          aria-label="Moving cost calculator"
        >
          <fieldset>
            <legend className={labelClass}>Home size</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {MOVE_SIZES.map((size) => (
                <label
                  key={size.id}
                  className="flex cursor-pointer flex-col rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
                >
                  <span className="flex items-center gap-2 font-medium text-slate-900">
                    <input
                      type="radio"
                      name="size"
                      value={size.id}
                      defaultChecked={form.size === size.id}
                    />
                    {size.label}
                  </span>
                  <span className="pl-5 text-xs text-slate-600">{size.description}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-4">
            <label className={labelClass}>
              Moving from ZIP
              <input
                name="fromZip"
                defaultValue={form.fromZip}
                inputMode="numeric"
                pattern="\d{5}"
                maxLength={5}
                required
                autoComplete="postal-code"
                className={inputClass}
              />
            </label>
            <label className={labelClass}>
              Moving to ZIP
              <input
                name="toZip"
                defaultValue={form.toZip}
                inputMode="numeric"
                pattern="\d{5}"
                maxLength={5}
                required
                className={inputClass}
              />
            </label>
          </div>
          <label className={labelClass}>
            Moving date <span className="font-normal text-slate-500">(optional)</span>
            <input type="date" name="date" defaultValue={form.date} className={inputClass} />
          </label>
          <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name="packing"
              value="1"
              defaultChecked={form.packing}
              className="h-4 w-4"
            />
            Professional packing
          </label>
          <label className={labelClass}>
            Months of storage
            <input
              type="number"
              name="storageMonths"
              min={0}
              max={MAX_STORAGE_MONTHS}
              step={1}
              defaultValue={form.storageMonths}
              className={inputClass}
            />
          </label>
          <button
            type="submit"
            className="w-full rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-blue-800"
          >
            Calculate
          </button>
        </Form>

        <section aria-labelledby="estimate-heading" aria-live="polite">
          <h2 id="estimate-heading" className="text-xl font-bold text-slate-900">
            Your estimate
          </h2>
          {error ? (
            <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">
              {error}
            </p>
          ) : null}
          {estimate ? (
            <div className="mt-4">
              <p className="text-sm text-slate-600">
                {estimate.kind === 'local' ? 'Local move' : 'Long-distance move'} ·{' '}
                {estimate.distanceMiles.toLocaleString('en-US')} miles
                {from && to ? ` · ${from} to ${to}` : ''}
              </p>
              <p
                className="mt-2 text-4xl font-extrabold text-slate-900"
                data-testid="estimate-total"
              >
                {formatUsd(estimate.total.low)} – {formatUsd(estimate.total.high)}
              </p>
              <table className="mt-6 w-full text-left text-sm">
                <caption className="sr-only">Cost breakdown</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">
                      Cost
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold text-slate-900">
                      Range
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {estimate.lines.map((line) => (
                    <tr key={line.id} className="border-b border-slate-200 align-top">
                      <th scope="row" className="py-3 pr-4 font-normal">
                        <span className="font-medium text-slate-900">{line.label}</span>
                        <span className="block text-slate-600">{line.detail}</span>
                      </th>
                      <td className="py-3 text-right whitespace-nowrap text-slate-900">
                        {formatUsd(line.low)} – {formatUsd(line.high)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" className="py-3 pr-4 font-semibold text-slate-900">
                      Total
                    </th>
                    <td className="py-3 text-right font-semibold whitespace-nowrap text-slate-900">
                      {formatUsd(estimate.total.low)} – {formatUsd(estimate.total.high)}
                    </td>
                  </tr>
                </tfoot>
              </table>
              <Link
                to={quoteLink(form)}
                className="mt-6 inline-block rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-blue-800"
              >
                Get Free Quotes for This Move
              </Link>
            </div>
          ) : !error ? (
            <p className="mt-4 text-slate-600">
              Fill in the form to see a typical price range and what it is made of.
            </p>
          ) : null}
          <div className="mt-8 rounded-xl bg-slate-50 p-5 text-sm text-slate-700">
            <h3 className="font-semibold text-slate-900">How we estimate</h3>
            {/* The same words as the state pages and the cost guide, whose prices are this estimate's. */}
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {PRICING_RULES.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
            <p className="mt-2">
              Compare written estimates from movers. Our{' '}
              <Link to="/blog/moving-cost-guide" className="font-medium text-blue-800 underline">
                moving cost guide
              </Link>{' '}
              explains each cost and lists typical prices by home size.
            </p>
          </div>
        </section>
      </div>
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <CalculatorView {...data} />;
}
