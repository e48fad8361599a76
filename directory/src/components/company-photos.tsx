/** A company's photos; one that fails to load is taken out of the gallery, and an empty gallery disappears. */
import { useState } from 'react';
import { isImageAddress } from '@moveratlas/contracts';
import { photoAlt } from '../lib/photos';

export function CompanyPhotos({ name, urls }: { name: string; urls: readonly string[] }) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  // Only picture addresses are drawn (an <img> of a same-site path acts with the viewer's cookies).
  const shown = urls.filter((url) => isImageAddress(url) && !failed.has(url));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="photos-heading">
      <h2 id="photos-heading" className="text-2xl font-bold text-slate-900">
        Photos
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {shown.map((url) => (
          <li key={url}>
            <img
              src={url}
              alt={photoAlt(url, name, urls.indexOf(url) + 1)}
              loading="lazy"
              width={320}
              height={240}
              onError={() => setFailed((current) => new Set(current).add(url))}
              className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
