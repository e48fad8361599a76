/**
 * A ZIP or "City, ST" field with autocomplete from GET /api/geo/places (an ARIA 1.2 combobox). Choosing a
 * suggestion fills the location text, ZIP, city and state; free text is kept as typed.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ZipPlace } from '@moveratlas/contracts';
import { useWidgetApi } from '../widget-context';
import { useQuote, useQuoteActions } from '../store';
import { FieldError, inputClass } from '../ui/field';

const FIELDS = {
  from: {
    text: 'movingFrom',
    zip: 'fromLocationZip',
    city: 'fromLocationCity',
    state: 'fromLocationState',
  },
  to: { text: 'movingTo', zip: 'toLocationZip', city: 'toLocationCity', state: 'toLocationState' },
} as const;

export const SUGGEST_DELAY_MS = 200;

/** Whether the field has focus, inside our shadow root (where document.activeElement is the host). */
function hasFocus(input: HTMLInputElement | null): boolean {
  if (!input) return false;
  const root = input.getRootNode() as Document | ShadowRoot;
  return root.activeElement === input;
}

export function PlaceField({ direction, label }: { direction: 'from' | 'to'; label: string }) {
  const names = FIELDS[direction];
  const api = useWidgetApi();
  const text = useQuote((s) => s.form[names.text]);
  const error = useQuote((s) => s.errors[names.text] ?? s.errors[names.zip]);
  const { setFields } = useQuoteActions();
  const [suggestions, setSuggestions] = useState<ZipPlace[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useRef('');
  const inputRef = useRef<HTMLInputElement>(null);
  // Suggestions that arrived while focus was elsewhere: shown when the visitor comes back to the field.
  const unseen = useRef(false);
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2 || q === query.current) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.places(q, controller.signal).then(
        (places) => {
          query.current = q;
          setSuggestions(places);
          setActive(-1);
          // An answer that comes after the visitor left the field (a slow network, a quick Tab) must not open
          // a list over the next field: it waits for the visitor to come back (issue 15).
          const focused = hasFocus(inputRef.current);
          unseen.current = !focused && places.length > 0;
          setOpen(focused && places.length > 0);
        },
        () => undefined,
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, text]);

  const choose = (place: ZipPlace) => {
    query.current = place.label;
    setFields({
      [names.text]: place.label,
      [names.zip]: place.zip,
      [names.city]: place.city.name,
      [names.state]: place.state.abbreviation,
    });
    setOpen(false);
    setActive(-1);
  };

  const onType = (value: string) => {
    const zip = /^\d{5}$/.test(value.trim()) ? value.trim() : '';
    setFields({ [names.text]: value, [names.zip]: zip, [names.city]: '', [names.state]: '' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      const place = suggestions[active];
      if (place) choose(place);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const showList = open && suggestions.length > 0;
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={names.text}
        type="text"
        role="combobox"
        autoComplete="off"
        required
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        placeholder="ZIP code or City, ST"
        className={inputClass}
        value={text}
        onChange={(event) => onType(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setOpen(suggestions.length > 0 && (unseen.current || query.current !== text.trim()));
          unseen.current = false;
        }}
        onBlur={() => setOpen(false)}
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        Type a ZIP code or a city and state, then choose a suggestion.
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        hidden={!showList}
        className="absolute inset-x-0 top-[4.6rem] z-20 max-h-60 overflow-auto rounded-ma border border-slate-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((place, index) => (
          <li
            key={`${place.zip}-${index}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Keeps focus in the input, so the blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
            className={
              'cursor-pointer px-3 py-2 text-sm ' +
              (index === active
                ? 'bg-brand-soft text-slate-900'
                : 'text-slate-800 hover:bg-slate-100')
            }
          >
            {place.label}
          </li>
        ))}
      </ul>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
