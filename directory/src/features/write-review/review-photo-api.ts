/**
 * The review form's photo calls (issue 19): an upload sent as the request body through XMLHttpRequest, the
 * one browser API that reports an upload's progress, and taking a photo back. The link's secret rides in a
 * header, never in the address. Outcomes in words, as post-json's: no zod, no TanStack Query on this page.
 */
import {
  IMAGE_UPLOAD_MAX_BYTES,
  OFFLINE_MESSAGE,
  REVIEW_PHOTO_API,
  REVIEW_TOKEN_HEADER,
  SERVER_TROUBLE_MESSAGE,
  type ReviewPhotoDraft,
} from '@moveratlas/contracts';
import { TOO_MANY_ATTEMPTS, type PostOutcome } from '../../lib/post-json';

const TOO_LARGE = `The picture is too large: at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`;
const UPLOAD_FAILED = 'The photo could not be uploaded. Please try again.';

function reasonOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' && body.error.trim() !== '' ? body.error : undefined;
  } catch {
    // Not JSON: a proxy's page.
    return undefined;
  }
}

/** A refusal in words: the server's own, or ours for its status. */
function refused(status: number, text: string, fallback: string): PostOutcome<never> {
  if (status >= 500) return { ok: false, status, message: SERVER_TROUBLE_MESSAGE };
  const reason = reasonOf(text);
  if (reason) return { ok: false, status, message: reason };
  if (status === 429) return { ok: false, status, message: TOO_MANY_ATTEMPTS };
  if (status === 413) return { ok: false, status, message: TOO_LARGE };
  return { ok: false, status, message: fallback };
}

/** Sends one photo; `onProgress` hears 0–100 as it goes up. Never rejects. */
export function uploadReviewPhoto(
  token: string,
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<PostOutcome<ReviewPhotoDraft>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', REVIEW_PHOTO_API);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader(REVIEW_TOKEN_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        resolve(refused(xhr.status, xhr.responseText, UPLOAD_FAILED));
        return;
      }
      try {
        resolve({ ok: true, body: JSON.parse(xhr.responseText) as ReviewPhotoDraft });
      } catch {
        resolve({ ok: false, status: xhr.status, message: UPLOAD_FAILED });
      }
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: OFFLINE_MESSAGE });
    xhr.send(file);
  });
}

/** Takes an uploaded photo back before the review is sent. */
export async function removeReviewPhoto(token: string, id: number): Promise<PostOutcome<null>> {
  let response: Response;
  try {
    response = await fetch(`${REVIEW_PHOTO_API}/${id}`, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', [REVIEW_TOKEN_HEADER]: token },
    });
  } catch {
    return { ok: false, status: 0, message: OFFLINE_MESSAGE };
  }
  if (response.ok) return { ok: true, body: null };
  return refused(
    response.status,
    await response.text().catch(() => ''),
    'The photo could not be removed. Please try again.',
  );
}
