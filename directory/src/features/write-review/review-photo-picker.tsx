/**
 * The review form's optional photos (issue 19): up to MAX_REVIEW_PHOTOS, each uploaded as soon as it is chosen
 * with its progress shown, previewed as the server stored it (upright, resized, location and camera details
 * gone), with an optional caption that is also its alt text, and removable until the review is sent. The
 * file input is a real one under its label, so a keyboard and a screen reader reach it; what happens is said
 * in a polite live region, what went wrong in words beside the picker.
 */
import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import {
  IMAGE_UPLOAD_ACCEPT,
  IMAGE_UPLOAD_MAX_BYTES,
  MAX_REVIEW_PHOTOS,
  REVIEW_PHOTO_CAPTION_MAX,
  reviewPhotoCaptionProblem,
  type ReviewPhotoDraft,
} from '@moveratlas/contracts';
import { ProgressBar } from '../../components/dashboard/progress-bar';
import { inputClass } from '../../components/forms/public-form';
import { removeReviewPhoto, uploadReviewPhoto } from './review-photo-api';

const MAX_MB = IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024;
const ACCEPTED_TYPES = new Set(IMAGE_UPLOAD_ACCEPT.split(','));

/** A photo on the form: uploading (progress set, no draft yet) or uploaded (its draft). */
export interface ReviewPhotoItem {
  key: string;
  /** The file's name, for what the page says while it uploads; empty for a photo found again on reload. */
  name: string;
  draft: ReviewPhotoDraft | null;
  /** 0–100 while uploading; null once uploaded. */
  progress: number | null;
  caption: string;
}

/** The photos the invitation found uploaded from this link before (a reloaded page). */
export const photoItemsOf = (drafts: readonly ReviewPhotoDraft[] = []): ReviewPhotoItem[] =>
  drafts.map((draft) => ({
    key: `draft-${draft.id}`,
    name: '',
    draft,
    progress: null,
    caption: '',
  }));

/** What the review sends of its photos: the uploaded ones in their order, with their captions. */
export const sentPhotos = (items: readonly ReviewPhotoItem[]) =>
  items.flatMap((item) =>
    item.draft
      ? [{ id: item.draft.id, ...(item.caption.trim() ? { caption: item.caption.trim() } : {}) }]
      : [],
  );

export const isUploading = (items: readonly ReviewPhotoItem[]) =>
  items.some((item) => item.progress !== null);

/** The first caption the server would refuse, in its words; undefined when all are good. */
export const captionProblem = (items: readonly ReviewPhotoItem[]) =>
  items.map((item) => reviewPhotoCaptionProblem(item.caption)).find(Boolean);

/** Why a chosen file cannot be sent, before it is: the server checks the content again. */
function fileProblem(file: File): string | undefined {
  if (file.size > IMAGE_UPLOAD_MAX_BYTES)
    return `${file.name} is too large: a photo may be at most ${MAX_MB} MB.`;
  if (file.type && !ACCEPTED_TYPES.has(file.type))
    return `${file.name} is not a JPEG, PNG, WebP or AVIF picture.`;
  return undefined;
}

const buttonClass =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60';

let nextKey = 0;

export function ReviewPhotoPicker({
  token,
  photos,
  setPhotos,
}: {
  token: string;
  photos: ReviewPhotoItem[];
  setPhotos: Dispatch<SetStateAction<ReviewPhotoItem[]>>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  // A removed photo's button is gone: focus goes to the picker instead of the page's top.
  const focusPicker = useRef(false);
  useEffect(() => {
    if (!focusPicker.current) return;
    focusPicker.current = false;
    input.current?.focus();
  }, [photos]);
  const full = photos.length >= MAX_REVIEW_PHOTOS;

  const update = (key: string, change: Partial<ReviewPhotoItem>) =>
    setPhotos((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  const add = async (files: File[]) => {
    const found: string[] = [];
    const room = MAX_REVIEW_PHOTOS - photos.length;
    if (files.length > room)
      found.push(
        `A review can have ${MAX_REVIEW_PHOTOS} photos: ${files.length - room} of those you chose ${files.length - room === 1 ? 'was' : 'were'} left out.`,
      );
    const chosen: ReviewPhotoItem[] = [];
    const sendable: File[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = fileProblem(file);
      if (problem) found.push(problem);
      else {
        sendable.push(file);
        chosen.push({
          key: `upload-${(nextKey += 1)}`,
          name: file.name,
          draft: null,
          progress: 0,
          caption: '',
        });
      }
    }
    setProblems(found);
    if (chosen.length === 0) return;
    setPhotos((current) => [...current, ...chosen]);
    // One at a time: the server counts a review's photos as they arrive.
    for (const [i, file] of sendable.entries()) {
      const { key } = chosen[i]!;
      const outcome = await uploadReviewPhoto(token, file, (progress) => update(key, { progress }));
      if (outcome.ok) {
        update(key, { draft: outcome.body, progress: null });
        setAnnouncement(`${file.name} is uploaded.`);
      } else {
        setPhotos((current) => current.filter((item) => item.key !== key));
        setProblems((current) => [...current, `${file.name}: ${outcome.message}`]);
        setAnnouncement(`${file.name} could not be uploaded.`);
      }
    }
  };

  const remove = async (item: ReviewPhotoItem, position: number) => {
    if (!item.draft) return;
    setRemoving(item.draft.id);
    const outcome = await removeReviewPhoto(token, item.draft.id);
    setRemoving(null);
    if (outcome.ok || outcome.status === 404) {
      // 404: already gone (another tab); either way it is not on the review.
      setPhotos((current) => current.filter((other) => other.key !== item.key));
      setProblems([]);
      setAnnouncement(`Photo ${position} removed.`);
      focusPicker.current = true;
    } else setProblems([outcome.message]);
  };

  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">Photos (optional)</legend>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Up to {MAX_REVIEW_PHOTOS} photos of your move: JPEG, PNG, WebP or AVIF, at most {MAX_MB} MB
        each. We remove the location and camera details before anyone sees them, and they are shown
        with your review.
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {photos.length > 0 ? (
        <ul aria-label="Your photos" className="mt-3 grid gap-3 sm:grid-cols-2">
          {photos.map((item, index) => {
            const position = index + 1;
            const captionId = `${id}-caption-${item.key}`;
            const captionError = reviewPhotoCaptionProblem(item.caption);
            return (
              <li key={item.key} className="rounded-lg border border-slate-200 p-3">
                {item.draft ? (
                  <img
                    src={item.draft.preview}
                    alt={item.caption.trim() || `Photo ${position} you added`}
                    width={item.draft.width}
                    height={item.draft.height}
                    className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
                  />
                ) : (
                  <div className="flex aspect-[4/3] w-full flex-col justify-center gap-2 rounded-md bg-slate-100 p-3">
                    <p className="truncate text-sm text-slate-700">Uploading {item.name}…</p>
                    <ProgressBar
                      value={item.progress}
                      label={`Uploading ${item.name}`}
                      size="small"
                    />
                  </div>
                )}
                {item.draft ? (
                  <>
                    <label
                      htmlFor={captionId}
                      className="mt-2 block text-sm font-medium text-slate-800"
                    >
                      Caption for photo {position} (optional)
                    </label>
                    <input
                      id={captionId}
                      type="text"
                      value={item.caption}
                      maxLength={REVIEW_PHOTO_CAPTION_MAX}
                      autoComplete="off"
                      aria-invalid={captionError ? true : undefined}
                      aria-describedby={captionError ? `${captionId}-error` : undefined}
                      onChange={(event) => update(item.key, { caption: event.target.value })}
                      className={inputClass}
                    />
                    {captionError ? (
                      <p id={`${captionId}-error`} className="mt-1 text-sm text-red-700">
                        {captionError}
                      </p>
                    ) : null}
                    <button
                      type="button"
                      className={`${buttonClass} mt-2`}
                      disabled={removing === item.draft.id}
                      onClick={() => void remove(item, position)}
                    >
                      {removing === item.draft.id ? 'Removing…' : `Remove photo ${position}`}
                    </button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {problems.length > 0 ? (
        <ul role="alert" className="mt-3 space-y-1 text-sm text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3">
        {full ? (
          <p className="text-sm text-slate-700">
            You have added {MAX_REVIEW_PHOTOS} photos, the most a review takes: remove one to add
            another.
          </p>
        ) : (
          <>
            <input
              ref={input}
              id={`${id}-input`}
              type="file"
              multiple
              accept={IMAGE_UPLOAD_ACCEPT}
              aria-describedby={`${id}-hint`}
              className="peer sr-only"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                if (files.length > 0) void add(files);
              }}
            />
            <label
              htmlFor={`${id}-input`}
              className={`${buttonClass} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700`}
            >
              {photos.length === 0 ? 'Add photos' : 'Add more photos'}
            </label>
          </>
        )}
      </div>
    </fieldset>
  );
}
