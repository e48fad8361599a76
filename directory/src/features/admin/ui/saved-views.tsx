/**
 * Saved views of an admin list: the lists keep their filters, sort and page size in the URL (so a view can be
 * bookmarked and shared), and an admin can name the current one and pick it again later. Kept in this
 * browser's storage per admin and per list — one approach for Companies, Leads, Reviews, SEO tasks and
 * Messages (docs/decisions/029). The page number is never saved: a view starts at its first page.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthStatus } from '../admin-guard';
import { buttonClass, inputClass } from '../../../components/dashboard/classes';

export interface SavedView {
  name: string;
  /** The list's query string without `page`, e.g. "state=TX&featured=true". */
  query: string;
}

const MAX_VIEWS = 20;

const storageKey = (username: string, list: string) => `moveratlas.admin.views.${username}.${list}`;

function readViews(key: string): SavedView[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (v): v is SavedView =>
            typeof v === 'object' &&
            v !== null &&
            typeof (v as SavedView).name === 'string' &&
            typeof (v as SavedView).query === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** The query string a view keeps: every parameter but the page, in a stable order. */
export function viewQuery(search: URLSearchParams): string {
  const kept = [...search.entries()].filter(([name]) => name !== 'page');
  kept.sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(kept).toString();
}

export function SavedViews({
  list,
  path,
  search,
}: {
  /** Which list: "companies", "leads", … */
  list: string;
  /** The list's screen, e.g. /admin/companies. */
  path: string;
  search: URLSearchParams;
}) {
  const username = useAuthStatus().data?.username;
  const navigate = useNavigate();
  const key = username ? storageKey(username, list) : null;
  // Read from storage while nothing was changed here; what this screen saves or deletes, kept after.
  const [changed, setChanged] = useState<{ key: string; views: SavedView[] } | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const selectId = useId();
  const nameId = useId();
  if (!key) return null;
  const views = changed?.key === key ? changed.views : readViews(key);

  const current = viewQuery(search);
  const active = views.find((v) => v.query === current);
  const store = (next: SavedView[]) => {
    setChanged({ key, views: next });
    window.localStorage.setItem(key, JSON.stringify(next));
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim().slice(0, 60);
    if (trimmed === '') {
      setMessage('Give the view a name.');
      return;
    }
    const others = views.filter((v) => v.name !== trimmed);
    if (others.length >= MAX_VIEWS) {
      setMessage(`At most ${MAX_VIEWS} saved views; delete one first.`);
      return;
    }
    store(
      [...others, { name: trimmed, query: current }].sort((a, b) => a.name.localeCompare(b.name)),
    );
    setNaming(false);
    setName('');
    setMessage(`Saved the view "${trimmed}".`);
  };

  return (
    <div className="flex flex-wrap items-end gap-2 text-sm">
      <div>
        <label htmlFor={selectId} className="block font-medium text-slate-800">
          Saved views
        </label>
        <select
          id={selectId}
          value={active?.query ?? ''}
          onChange={(event) => {
            const query = event.target.value;
            navigate(query === '' ? path : `${path}?${query}`);
            const view = views.find((v) => v.query === query);
            setMessage(view ? `Showing the view "${view.name}".` : '');
          }}
          className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
        >
          <option value="">{views.length === 0 ? 'None saved yet' : 'Choose a view'}</option>
          {views.map((v) => (
            <option key={v.name} value={v.query}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
      {naming ? (
        <form onSubmit={save} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={nameId} className="block font-medium text-slate-800">
              Name of this view
            </label>
            <input
              id={nameId}
              value={name}
              maxLength={60}
              autoFocus
              onChange={(event) => setName(event.target.value)}
              className={inputClass}
            />
          </div>
          <button type="submit" className={buttonClass}>
            Save view
          </button>
          <button type="button" className={buttonClass} onClick={() => setNaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" className={buttonClass} onClick={() => setNaming(true)}>
          Save this view
        </button>
      )}
      {active ? (
        <button
          type="button"
          className={buttonClass}
          onClick={() => {
            store(views.filter((v) => v !== active));
            setMessage(`Deleted the view "${active.name}".`);
          }}
        >
          Delete view “{active.name}”
        </button>
      ) : null}
      <p aria-live="polite" className="w-full text-slate-700 empty:hidden">
        {message}
      </p>
    </div>
  );
}
