/**
 * The Licensing screens' calls. Reads go through TanStack Query (the path is the key, contracts'
 * LICENSING_API); an FMCSA file goes up as the request body, as the companies CSV upload sends its file
 * (raw, text/csv, the session's CSRF header), but through XMLHttpRequest, the one browser API that reports
 * an upload's progress: the census is about a gigabyte.
 */
import { CSRF_HEADER, LICENSING_API, type LicensingImportView } from '@moveratlas/contracts';
import { ApiError } from '../../../lib/api-client';
import { csrfToken } from '../admin-request';

export { LICENSING_API };

/** How often the screen asks for an import's progress while it runs. */
export const IMPORT_POLL_MS = 1000;

export const importPath = (id: number | string) => `${LICENSING_API.imports}/${id}`;

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
        ? 'The file is too large: FMCSA’s files are at most 2 GB'
        : 'The file could not be uploaded. Try again in a moment';
  return new ApiError(xhr.status, `API Error: ${reason}`);
}

/**
 * Sends an FMCSA file; `onProgress` hears 0–100 as its bytes go up. Answers the queued import (202).
 * `fileDate` (YYYY-MM-DD) is the date FMCSA published the file, when staff state it.
 */
export function uploadFmcsaFile(
  file: Blob & { name?: string },
  fileDate: string | null,
  onProgress: (percent: number) => void,
): Promise<LicensingImportView> {
  const query = new URLSearchParams({ filename: file.name || 'fmcsa-file.csv' });
  if (fileDate) query.set('fileDate', fileDate);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${LICENSING_API.imports}?${query.toString()}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'text/csv');
    const token = csrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as LicensingImportView);
        } catch {
          reject(new ApiError(xhr.status, 'Invalid JSON response from server'));
        }
      } else reject(uploadFailure(xhr));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.send(file);
  });
}
