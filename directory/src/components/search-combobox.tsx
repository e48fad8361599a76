/**
 * A search box that suggests as you type (ARIA 1.2 combobox with a listbox). Without scripts it is a plain
 * GET form to /search; with them, arrows move through the suggestions, Enter opens one, Escape closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate } from 'react-router-dom';
import type { SearchResults } from '@moveratlas/contracts';
import { apiRequest, withQuery } from '../lib/api-client';
import { suggestionsOf, type Suggestion } from '../lib/search-suggestions';
import { SearchIcon } from './icons';

/** Wait this long after the last keystroke before asking the server. */
export const SUGGEST_DEBOUNCE_MS = 250;
const MIN_QUERY_LENGTH = 2;
const SUGGESTIONS_PER_GROUP = 4;

export type FetchSuggestions = (q: string, signal: AbortSignal) => Promise<SearchResults>;

const fetchFromApi: FetchSuggestions = (q, signal) =>
  apiRequest<SearchResults>(withQuery('/api/search', { q, limit: SUGGESTIONS_PER_GROUP }), {
    signal,
  });

export function SearchCombobox({
  label,
  placeholder,
  defaultValue = '',
  fetchSuggestions = fetchFromApi,
  variant = 'hero',
  searchLabel = 'Search movers',
}: {
  label: string;
  placeholder?: string;
  defaultValue?: string;
  fetchSuggestions?: FetchSuggestions;
  variant?: 'hero' | 'compact';
  /** The search landmark's name, distinct from the header's "Site search". */
  searchLabel?: string;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [query, setQuery] = useState(defaultValue);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);

  useEffect(() => {
    const q = query.trim();
    if (!typed.current || q.length < MIN_QUERY_LENGTH) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(q, controller.signal).then(
        (results) => {
          setSuggestions(suggestionsOf(results));
          setActive(-1);
          setOpen(true);
        },
        (error: unknown) => {
          // Suggestions are a convenience: the form still submits to /search.
          if (!controller.signal.aborted) console.warn('Search suggestions failed', error);
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, fetchSuggestions]);

  const expanded = open && suggestions.length > 0;

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    void navigate(suggestion.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(0);
      } else setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      if (!expanded) return;
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      const suggestion = expanded && active >= 0 ? suggestions[active] : undefined;
      if (suggestion) {
        event.preventDefault();
        choose(suggestion);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setQuery('');
    }
  };

  const hero = variant === 'hero';
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={searchLabel}
      className={hero ? 'flex max-w-2xl flex-col gap-3 sm:flex-row' : 'flex gap-2'}
    >
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-400" />
        <input
          id={inputId}
          name="q"
          // A text field, not type="search": HTML lets only a text field carry the combobox role it needs
          // for its list of suggestions (type="search" is a searchbox). The keyboard still says "search".
          type="text"
          inputMode="search"
          enterKeyHint="search"
          required
          maxLength={100}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={placeholder}
          value={query}
          onChange={(event) => {
            typed.current = true;
            setQuery(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          className={
            hero
              ? 'w-full rounded-lg border-0 bg-white py-3 pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 focus:ring-4 focus:ring-orange-300 focus:outline-none'
              : 'w-full rounded-lg border border-slate-300 bg-white py-2 pr-2 pl-10 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-blue-300 focus:outline-none'
          }
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!expanded}
          className="absolute top-full right-0 left-0 z-20 mt-1 max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-left text-slate-900 shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${
                index === active ? 'bg-blue-50' : ''
              }`}
            >
              <span className="font-medium">{suggestion.label}</span>
              <span className="text-xs text-slate-600">
                {suggestion.kind}
                {suggestion.detail ? ` · ${suggestion.detail}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <button
        type="submit"
        className={
          hero
            ? 'rounded-lg bg-orange-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-orange-800 focus:ring-4 focus:ring-orange-300 focus:outline-none'
            : 'rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800'
        }
      >
        Search
      </button>
    </Form>
  );
}
