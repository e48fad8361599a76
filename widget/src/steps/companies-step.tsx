/**
 * Step 5: the movers matched for this route (match_companies), to choose from: at least one, since the request
 * goes to the movers chosen and to no other (issue 15, docs/decisions/024). A mover the visitor came from (a
 * profile's Get Quote, a partner's prefill) is listed first even when the match did not return it, so it can be
 * seen and unticked like the others. When matching failed, the step says so and offers a retry rather than
 * listing spec 7.2's two stand-ins, which are not movers a request could go to.
 */
import { useId, useState } from 'react';
import { starBreakdown, type MatchedCompany } from '@moveratlas/contracts';
import { useQuote, useQuoteActions } from '../store';
import { FieldError } from '../ui/field';
import { Icon } from '../ui/icons';

export const MATCHING_FAILED =
  'We could not load the movers for your route just now. Please try again in a moment.';

function Rating({ company }: { company: MatchedCompany }) {
  if (company.rating === null) return null;
  const { full } = starBreakdown(company.rating);
  return (
    <span className="flex items-center gap-1 text-sm text-slate-700">
      <Icon name="star" className="size-4 fill-amber-400 text-amber-500" />
      <span>
        {company.rating.toFixed(1)}
        <span className="sr-only"> out of 5 stars ({full} full)</span> ·{' '}
        {company.reviews_count.toLocaleString('en-US')}{' '}
        {company.reviews_count === 1 ? 'review' : 'reviews'}
      </span>
    </span>
  );
}

export default function CompaniesStep() {
  const matches = useQuote((s) => s.matches);
  const selected = useQuote((s) => s.form.selectedCompanies);
  const error = useQuote((s) => s.errors.selectedCompanies);
  const { toggleCompany, retryMatches } = useQuoteActions();
  // Kept for the whole step: unticking a chosen mover must not make it vanish from the list.
  const [chosenBefore] = useState(selected);
  const errorId = `${useId()}-error`;

  if (matches.status !== 'done') {
    return (
      <div role="status" aria-live="polite" className="space-y-3">
        <span className="sr-only">Finding movers for your route…</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-ma bg-slate-100" />
        ))}
      </div>
    );
  }
  // The stand-ins of a failed match are no movers to send a request to: never listed.
  const found = matches.isFallback ? [] : matches.companies;
  const matched = new Set(found.map((c) => String(c.id)));
  const listed: MatchedCompany[] = [
    ...chosenBefore
      .filter((c) => !matched.has(String(c.id)))
      .map((c) => ({
        id: c.id,
        name: c.name,
        logo_url: null,
        rating: null,
        reviews_count: 0,
        years_in_business: null,
        services: [],
        contact: { phone: null, email: null },
      })),
    ...found,
  ];
  return (
    <div className="space-y-3">
      {matches.isFallback ? (
        <div
          role="status"
          className="rounded-ma border border-slate-200 bg-slate-50 p-3 text-slate-900"
        >
          <p>{MATCHING_FAILED}</p>
          <button
            type="button"
            onClick={() => void retryMatches()}
            className="mt-2 min-h-11 rounded-ma border-2 border-brand px-4 py-2 font-semibold text-brand hover:bg-brand-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            Try again
          </button>
        </div>
      ) : null}
      {listed.length > 0 ? (
        <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
          <legend className="mb-2 text-sm text-slate-700">
            {matches.isFallback
              ? 'The mover you came from can still receive your request.'
              : `${found.length} ${found.length === 1 ? 'mover serves' : 'movers serve'} your route.`}{' '}
            Choose at least one to get quotes from. Only the movers you choose receive your request.
          </legend>
          {listed.map((company) => {
            const checked = selected.some((c) => String(c.id) === String(company.id));
            const id = `company-${String(company.id)}`;
            return (
              <label
                key={String(company.id)}
                htmlFor={id}
                className={
                  'flex cursor-pointer items-start gap-3 rounded-ma border-2 p-3 ' +
                  (checked ? 'border-brand bg-brand-soft' : 'border-slate-200 bg-white')
                }
              >
                <input
                  id={id}
                  type="checkbox"
                  checked={checked}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(e) => toggleCompany(company, e.currentTarget.checked)}
                  className="mt-1 size-5 shrink-0 accent-brand"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{company.name}</span>
                  {company.city && company.state ? (
                    <span className="block text-sm text-slate-600">
                      {company.city}, {company.state}
                      {typeof company.distance_miles === 'number'
                        ? ` · ${Math.round(company.distance_miles)} mi away`
                        : ''}
                    </span>
                  ) : null}
                  <Rating company={company} />
                  {company.services.length > 0 ? (
                    <span className="mt-1 block text-xs text-slate-600">
                      {company.services.slice(0, 3).join(' · ')}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
