/**
 * A review's photos as staff judge them (issue 19), whatever the review's status: thumbnails that open the
 * full picture in a new tab, the caption as typed (and what the public reads when a check masked something),
 * and — for editors — "Remove photo", which asks for the reason the audit log keeps. The review stays as it is.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_PHOTO_REMOVAL_REASON_MAX,
  reviewPhotoAlt,
  type AdminReview,
  type AdminReviewPhoto,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { buttonClass } from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { RejectDialog } from '../../../components/dashboard/reject-dialog';
import { adminWrite } from '../admin-request';
import { useMay } from '../use-admin-role';
import { COMPANIES_PATH, REVIEWS_PATH } from './api-paths';

const REVIEW_PHOTOS_PATH = '/api/admin/review-photos';

interface Removal {
  review: AdminReview;
  photo: AdminReviewPhoto;
  position: number;
}

export function StaffReviewPhotos({ review }: { review: AdminReview }) {
  const photos = review.photos ?? [];
  const may = useMay('POST /review-photos/:id/remove');
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Removal | null>(null);
  const remove = useMutation({
    mutationFn: ({ photo, reason }: { photo: AdminReviewPhoto; reason: string }) =>
      adminWrite<{ review: AdminReview }>('POST', `${REVIEW_PHOTOS_PATH}/${photo.id}/remove`, {
        reason,
      }),
    onSuccess: async () => {
      setRemoving(null);
      await queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          typeof queryKey[0] === 'string' &&
          (queryKey[0].startsWith(REVIEWS_PATH) || queryKey[0].startsWith(COMPANIES_PATH)),
      });
      toast({ title: 'Photo removed', description: 'The reason is kept in the audit log.' });
    },
    onError: (error) =>
      toast({
        title: 'Could not remove the photo',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  if (photos.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-semibold text-slate-900">
        {photos.length === 1 ? '1 photo' : `${photos.length} photos`}
      </p>
      <ul
        aria-label={`Photos of review "${review.title}"`}
        className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4"
      >
        {photos.map((photo, index) => {
          const alt = reviewPhotoAlt(
            photo.typedCaption,
            index + 1,
            photos.length,
            review.authorFirstName,
          );
          return (
            <li key={photo.id} className="rounded-lg border border-slate-200 p-2">
              <a
                href={photo.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                <img
                  src={photo.thumbUrl}
                  alt={alt}
                  width={160}
                  height={120}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
                />
                <span className="sr-only"> (opens the full photo in a new tab)</span>
              </a>
              {photo.typedCaption ? (
                <p className="mt-1 text-xs text-slate-700">{photo.typedCaption}</p>
              ) : null}
              {photo.caption && photo.caption !== photo.typedCaption ? (
                <p className="mt-1 text-xs text-slate-600">The public reads: {photo.caption}</p>
              ) : null}
              {may ? (
                <button
                  type="button"
                  className={`${buttonClass} mt-2`}
                  aria-label={`Remove photo ${index + 1} of review "${review.title}"`}
                  onClick={() => setRemoving({ review, photo, position: index + 1 })}
                >
                  Remove photo
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <RejectDialog
        subject={removing}
        onClose={() => setRemoving(null)}
        title="Remove this photo?"
        description={({ position, review: of }) =>
          `Photo ${position} is taken off ${of.authorFirstName}'s review of ${of.companyName} for good; the review stays as it is.`
        }
        confirmLabel="Remove photo"
        reasonLabel="Reason (kept in the audit log)"
        missingReason="Say why the photo is removed, in a few words."
        maxLength={REVIEW_PHOTO_REMOVAL_REASON_MAX}
        pending={remove.isPending}
        onReject={({ photo }, reason) => remove.mutate({ photo, reason })}
      />
    </div>
  );
}
