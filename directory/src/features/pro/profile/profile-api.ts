/**
 * The profile screen's calls: the profile's address (also its query key), JSON writes with the session's
 * CSRF header, and picture uploads through XMLHttpRequest, the one browser API that reports an upload's
 * progress.
 */
import {
  IMAGE_UPLOAD_MAX_BYTES,
  type CompanyImage,
  type CompanyImageKind,
  type ProProfile,
} from '@moveratlas/contracts';
import { ApiError } from '../../../lib/api-client';
import { proCsrfHeaders, proWrite } from './pro-calls';

export const profilePath = (companyId: number) => `/api/pro/companies/${companyId}/profile`;
export const imagesPath = (companyId: number) => `/api/pro/companies/${companyId}/images`;
export const photoOrderPath = (companyId: number) => `/api/pro/companies/${companyId}/photos/order`;
/** Where a photo staff entered by address is removed: DELETE with `?url=`. */
export const linkedPhotoPath = (companyId: number, url: string) =>
  `/api/pro/companies/${companyId}/photos/linked?${new URLSearchParams({ url }).toString()}`;

export { proWrite };

/** The server's `{ error }` of a failed upload, or words of our own when it sent none. */
function uploadFailure(xhr: XMLHttpRequest): ApiError {
  let reason = '';
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown };
    if (typeof body.error === 'string') reason = body.error;
  } catch {
    // not JSON: a proxy's page
  }
  if (!reason)
    reason =
      xhr.status === 413
        ? `The picture is too large: at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`
        : 'The picture could not be uploaded. Try again in a moment';
  return new ApiError(xhr.status, `API Error: ${reason}`);
}

/** Sends one picture as the request body; `onProgress` hears 0–100 as it goes up. */
export function uploadImage(
  companyId: number,
  kind: CompanyImageKind,
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<{ image: CompanyImage; profile: ProProfile }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${imagesPath(companyId)}?kind=${kind}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    for (const [name, value] of Object.entries(proCsrfHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as { image: CompanyImage; profile: ProProfile });
        } catch {
          reject(new ApiError(xhr.status, 'Invalid JSON response from server'));
        }
      } else reject(uploadFailure(xhr));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.send(file);
  });
}
