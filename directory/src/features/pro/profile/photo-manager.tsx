/**
 * The profile's pictures: the logo (upload, replace, delete) and up to 12 photos (upload with progress, move
 * earlier or later with buttons a keyboard reaches, delete after a confirmation). The server checks each
 * file's content, resizes it and converts it to WebP; the public profile shows the change at once.
 */
import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMAGE_UPLOAD_ACCEPT,
  IMAGE_UPLOAD_MAX_BYTES,
  MAX_PRO_PHOTOS,
  type CompanyImage,
  type CompanyImageKind,
  type ProProfile,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { buttonClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure } from '../../../components/dashboard/fields';
import { ProgressBar } from '../../../components/dashboard/progress-bar';
import { SectionCard } from '../../../components/dashboard/section-card';
import { LinkedPhotos } from './linked-photos';
import { imagesPath, photoOrderPath, profilePath, proWrite, uploadImage } from './profile-api';

const MAX_MB = IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024;

/** A file input behind a button, with the upload's progress and its failure below. */
function UploadButton({
  companyId,
  kind,
  label,
  disabled,
}: {
  companyId: number;
  kind: CompanyImageKind;
  label: string;
  disabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File) => {
    setFailure(null);
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setFailure(`${file.name} is too large: a picture may be at most ${MAX_MB} MB.`);
      return;
    }
    setProgress(0);
    try {
      const { profile } = await uploadImage(companyId, kind, file, setProgress);
      queryClient.setQueryData([profilePath(companyId)], profile);
      toast({
        title: kind === 'logo' ? 'Logo uploaded' : 'Photo uploaded',
        description: 'Your public profile shows it now.',
      });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept={IMAGE_UPLOAD_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${kind}-file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <button
        type="button"
        className={primaryButtonClass}
        disabled={disabled || progress !== null}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        {progress !== null ? 'Uploading…' : label}
      </button>
      <p id={hintId} className="text-xs text-slate-600">
        JPEG, PNG, WebP or AVIF, at most {MAX_MB} MB.
      </p>
      {progress !== null ? (
        <ProgressBar value={progress} label={`Uploading the ${kind}`} size="small" />
      ) : null}
      <FormFailure message={failure} />
    </div>
  );
}

function useImageDelete(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: CompanyImage) =>
      proWrite<ProProfile>('DELETE', `${imagesPath(companyId)}/${image.id}`),
    onSuccess: (profile, image) => {
      queryClient.setQueryData([profilePath(companyId)], profile);
      toast({ title: image.kind === 'logo' ? 'Logo deleted' : 'Photo deleted' });
    },
  });
}

export function LogoManager({
  profile,
  companyName,
}: {
  profile: ProProfile;
  companyName: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useImageDelete(profile.companyId);
  const { logo } = profile;
  return (
    <SectionCard
      id="logo"
      title="Logo"
      description="Shown beside your name in lists and on your profile, within a 400-pixel square."
    >
      <div className="flex flex-wrap items-start gap-4">
        {logo ? (
          <img
            src={logo.url}
            alt={`${companyName} logo`}
            width={96}
            height={96}
            className="h-24 w-24 rounded-lg border border-slate-200 bg-white object-contain"
          />
        ) : (
          <p className="text-sm text-slate-700">No logo yet: your listing shows a placeholder.</p>
        )}
        <div className="space-y-2">
          <UploadButton
            companyId={profile.companyId}
            kind="logo"
            label={logo ? 'Replace logo' : 'Upload logo'}
          />
          {logo ? (
            <button type="button" className={buttonClass} onClick={() => setConfirming(true)}>
              Delete logo
            </button>
          ) : null}
          <FormFailure message={remove.isError ? failureText(remove.error) : null} />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your logo?"
        description="Your listing shows a placeholder until you upload another."
        confirmLabel="Delete logo"
        pending={remove.isPending}
        onConfirm={() => {
          if (logo) remove.mutate(logo, { onSettled: () => setConfirming(false) });
        }}
      />
    </SectionCard>
  );
}

export function PhotoManager({
  profile,
  companyName,
}: {
  profile: ProProfile;
  companyName: string;
}) {
  const queryClient = useQueryClient();
  const { companyId, photos } = profile;
  const [deleting, setDeleting] = useState<CompanyImage | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const remove = useImageDelete(companyId);
  const reorder = useMutation({
    mutationFn: (ids: number[]) => proWrite<ProProfile>('PUT', photoOrderPath(companyId), { ids }),
    onSuccess: (saved) => queryClient.setQueryData([profilePath(companyId)], saved),
  });
  const move = (index: number, by: -1 | 1) => {
    const ids = photos.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    setAnnouncement(`Photo ${index + 1} moved to place ${index + by + 1} of ${ids.length}.`);
    reorder.mutate(ids);
  };
  // Photos staff entered by address count towards the limit too (the server refuses one more).
  const full = photos.length + profile.linkedPhotos.length >= MAX_PRO_PHOTOS;
  return (
    <SectionCard
      id="photos"
      title="Photos"
      description={`Up to ${MAX_PRO_PHOTOS} photos of your crew, trucks and work, in the order your profile shows them.`}
      actions={
        <UploadButton companyId={companyId} kind="photo" label="Add a photo" disabled={full} />
      }
    >
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {full ? (
        <p className="mb-3 text-sm text-slate-700">
          Your profile has {MAX_PRO_PHOTOS} photos, the most it can show: delete one to add another.
        </p>
      ) : null}
      <FormFailure
        message={
          reorder.isError
            ? failureText(reorder.error)
            : remove.isError
              ? failureText(remove.error)
              : null
        }
        className="mb-3"
      />
      {photos.length === 0 && profile.linkedPhotos.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
          No photos yet. Profiles with photos of the crew and trucks get more quote requests.
        </p>
      ) : photos.length > 0 ? (
        <ol aria-label="Your photos, in order" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="rounded-lg border border-slate-200 p-2">
              <img
                src={photo.thumbUrl}
                alt={`${companyName} photo ${index + 1} of ${photos.length}`}
                width={480}
                height={360}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
              />
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClass}
                  aria-label={`Move photo ${index + 1} earlier`}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                >
                  Move earlier
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  aria-label={`Move photo ${index + 1} later`}
                  disabled={index === photos.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  Move later
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  aria-label={`Delete photo ${index + 1}`}
                  onClick={() => setDeleting(photo)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <LinkedPhotos profile={profile} companyName={companyName} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this photo?"
        description="It is removed from your public profile at once."
        confirmLabel="Delete photo"
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      />
    </SectionCard>
  );
}
