/**
 * The photos a profile shows from addresses our staff entered (imported listings, early corrections), not
 * from the mover's uploads: shown after the uploads on the public profile, so the mover sees them here and
 * may remove any (after a confirmation). They cannot be reordered or replaced: uploading is how a mover adds
 * its own. They count towards the photo limit.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProProfile } from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { buttonClass } from '../../../components/dashboard/classes';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure } from '../../../components/dashboard/fields';
import { linkedPhotoPath, profilePath, proWrite } from './profile-api';

export function LinkedPhotos({
  profile,
  companyName,
}: {
  profile: ProProfile;
  companyName: string;
}) {
  const queryClient = useQueryClient();
  const { companyId, linkedPhotos } = profile;
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (url: string) => proWrite<ProProfile>('DELETE', linkedPhotoPath(companyId, url)),
    onSuccess: (saved) => {
      queryClient.setQueryData([profilePath(companyId)], saved);
      toast({ title: 'Photo removed', description: 'Your public profile no longer shows it.' });
    },
  });
  if (linkedPhotos.length === 0) return null;
  const headingId = `linked-photos-${companyId}`;
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Photos added by our staff
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Your profile shows these after your own photos. Remove any that is not of your company;
        upload your own to replace them.
      </p>
      <FormFailure message={remove.isError ? failureText(remove.error) : null} className="mt-3" />
      <ul
        aria-label="Photos added by our staff"
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        {linkedPhotos.map((url, index) => (
          <li key={url} className="rounded-lg border border-slate-200 p-2">
            <img
              src={url}
              alt={`${companyName} photo added by our staff, ${index + 1} of ${linkedPhotos.length}`}
              width={480}
              height={360}
              loading="lazy"
              className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
            />
            <button
              type="button"
              className={`${buttonClass} mt-2`}
              aria-label={`Remove photo added by our staff ${index + 1}`}
              onClick={() => setRemoving(url)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this photo?"
        description="It is taken off your public profile at once. Only our staff could add it back."
        confirmLabel="Remove photo"
        pending={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing, { onSettled: () => setRemoving(null) });
        }}
      />
    </section>
  );
}
