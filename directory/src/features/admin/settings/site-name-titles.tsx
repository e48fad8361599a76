/**
 * Under the site name field: what the name does to page titles, as the admin types (issue 16). The name is
 * accepted either way; a name that pushes titles past 60 characters is said, with the longest title it makes.
 */
import { siteNameTitleCheck } from '@moveratlas/contracts';

export function SiteNameTitleNote({ siteName, id }: { siteName: string; id?: string }) {
  const check = siteName.trim() === '' ? null : siteNameTitleCheck(siteName);
  return (
    <div id={id} aria-live="polite" className="text-sm sm:col-span-2">
      {check ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="font-medium">
            With this name, {check.pagesOver} of {check.pages} page titles are longer than{' '}
            {check.limit} characters, which search results cut short. The longest ({check.length}{' '}
            characters):
          </p>
          <p className="mt-1 [overflow-wrap:anywhere]">{check.longestTitle}</p>
          <p className="mt-1 text-amber-900">
            You can still save it; a shorter name keeps titles whole.
          </p>
        </div>
      ) : null}
    </div>
  );
}
