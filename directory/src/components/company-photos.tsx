/** A company's photos; one that fails to load is taken out of the gallery, and an empty gallery disappears. */
import { useState } from 'react';
import { isImageAddress, isUploadedImageAddress } from '@moveratlas/contracts';
import { photoAlt } from '../lib/photos';

/**
 * A photo a mover uploaded has a 480 px thumbnail beside its 1600 px picture: the gallery's small tiles load
 * the thumbnail, and a wide screen with a dense display the larger one.
 */
function sources(url: string): { src: string; srcSet?: string } {
  if (!isUploadedImageAddress(url) || !url.endsWith('-photo.webp')) return { src: url };
  const thumb = url.replace(/-photo\.webp$/, '-thumb.webp');
  return { src: thumb, srcSet: `${thumb} 480w, ${url} 1600w` };
}

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
              {...sources(url)}
              sizes="(min-width: 640px) 33vw, 50vw"
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
