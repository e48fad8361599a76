/**
 * A published review's photos on the profile (issue 19): thumbnails that are buttons, each opening the larger
 * picture in a modal dialog (the browser's own: focus stays inside, Escape closes it and focus returns).
 * Previous and Next buttons and the arrow keys go round the photos; they are never disabled, so focus never
 * falls out of the dialog. Each photo's alt text is its caption, or "Photo 1 of 3 from Ada's review".
 */
import { useState, type KeyboardEvent } from 'react';
import { reviewPhotoAlt, type Review } from '@moveratlas/contracts';
import { Modal } from '../../components/dashboard/dialog';

const navClass =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

export function ReviewPhotos({ review }: { review: Review }) {
  const photos = review.photos ?? [];
  const [shown, setShown] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const count = photos.length;
  const alt = (index: number) =>
    reviewPhotoAlt(photos[index]!.caption, index + 1, count, review.authorFirstName);
  const current = shown === null ? undefined : photos[shown];
  const go = (by: -1 | 1) =>
    setShown((index) => (index === null ? null : (index + by + count) % count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  };
  return (
    <>
      <ul
        aria-label={`Photos from ${review.authorFirstName}’s review`}
        className="mt-3 flex flex-wrap gap-2"
      >
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setShown(index)}
              className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              <img
                src={photo.thumbUrl}
                alt={alt(index)}
                width={112}
                height={84}
                loading="lazy"
                className="h-20 w-28 rounded-md bg-slate-100 object-cover"
              />
              <span className="sr-only">, view larger</span>
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={current !== undefined}
        onOpenChange={(open) => {
          if (!open) setShown(null);
        }}
        title={
          shown === null
            ? ''
            : `Photo ${shown + 1} of ${count} from ${review.authorFirstName}’s review`
        }
        size="wide"
      >
        {current && shown !== null ? (
          <div onKeyDown={onKeyDown}>
            <figure>
              <img
                src={current.url}
                alt={alt(shown)}
                width={current.width}
                height={current.height}
                className="max-h-[70vh] w-full rounded-md bg-slate-100 object-contain"
              />
              {current.caption ? (
                <figcaption className="mt-2 text-sm text-slate-700">{current.caption}</figcaption>
              ) : null}
            </figure>
            <div className="mt-4 flex flex-wrap justify-between gap-2">
              <div className={count > 1 ? 'flex gap-2' : 'hidden'}>
                <button type="button" className={navClass} onClick={() => go(-1)}>
                  Previous photo
                </button>
                <button type="button" className={navClass} onClick={() => go(1)}>
                  Next photo
                </button>
              </div>
              <button type="button" className={navClass} onClick={() => setShown(null)}>
                Close
              </button>
            </div>
          </div>
        ) : null}
      </Modal>
    </>
  );
}
