/**
 * The filter form above an admin list: a search box, the other filters (folded away on a phone so the list
 * is not a screen below), Apply and Clear. Submitting writes the filters to the URL, keeping the sort and
 * starting from the first page; the form re-reads the URL whenever it changes (Back, a cleared filter).
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass, cardClass, inputClass, primaryButtonClass } from './classes';
import { Field } from './fields';

/** A select that filters a list; its empty choice ("Any") leaves the filter off. */
export function FilterSelect({
  label,
  name,
  value,
  options,
  anyLabel = 'Any',
}: {
  label: string;
  name: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  anyLabel?: string;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select {...control} name={name} defaultValue={value} className={inputClass}>
          <option value="">{anyLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A text, date or search box that filters a list, read when the form is submitted. */
export function FilterInput({
  label,
  name,
  value,
  type = 'text',
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  type?: 'text' | 'date' | 'search';
  placeholder?: string;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          defaultValue={value}
          placeholder={placeholder}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** The named fields of a submitted form that have a value, trimmed, as URL parameters. */
export function formParams(form: HTMLFormElement, names: readonly string[]): URLSearchParams {
  const data = new FormData(form);
  const params = new URLSearchParams();
  for (const name of names) {
    const value = String(data.get(name) ?? '').trim();
    if (value) params.set(name, value);
  }
  return params;
}

export function FilterForm({
  label,
  search,
  filters,
  keep,
  searchPlaceholder,
  submitLabel,
  clearTo,
  children,
}: {
  /** The form's accessible name, e.g. "Filter leads". */
  label: string;
  search: URLSearchParams;
  /** The parameters the form sets; "q" is the search box, the rest are `children`. */
  filters: readonly string[];
  /** Parameters a new filter keeps (the sort, the page size). */
  keep: readonly string[];
  searchPlaceholder: string;
  submitLabel: string;
  /** Where "Clear filters" goes: the list without parameters. */
  clearTo: string;
  /** The filters other than the search box. */
  children: ReactNode;
}) {
  const [, setSearch] = useSearchParams();
  const [more, setMore] = useState(false);
  const moreId = useId();
  const active = filters.filter((name) => name !== 'q' && search.get(name)).length;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = formParams(event.currentTarget, filters);
    for (const name of keep) {
      const value = search.get(name);
      if (value) next.set(name, value);
    }
    setSearch(next);
  };
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      key={search.toString()}
      className={cardClass}
    >
      <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <FilterInput
            label="Search"
            name="q"
            type="search"
            value={search.get('q') ?? ''}
            placeholder={searchPlaceholder}
          />
        </div>
        <button
          type="button"
          aria-expanded={more}
          aria-controls={moreId}
          onClick={() => setMore(!more)}
          className={`${buttonClass} md:hidden`}
        >
          {more ? 'Fewer filters' : `More filters${active > 0 ? ` (${active} active)` : ''}`}
        </button>
        <div id={moreId} className={`${more ? 'grid' : 'hidden'} gap-3 sm:grid-cols-2 md:contents`}>
          {children}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass}>
          {submitLabel}
        </button>
        <Link to={clearTo} className={buttonClass}>
          Clear filters
        </Link>
      </div>
    </form>
  );
}
