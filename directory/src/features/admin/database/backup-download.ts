/**
 * The backup download: a POST with the session's CSRF token (a GET never takes a backup, so no link or <img>
 * elsewhere can set one off with the admin's cookies). The server streams the file; the browser gathers it
 * into a Blob and saves it under the name the server gave (Content-Disposition).
 */
import { CSRF_HEADER, DATABASE_BACKUP_PATH } from '@moveratlas/contracts';
import { ApiError } from '../../../lib/api-client';
import { csrfToken } from '../admin-request';

/** The file name of `attachment; filename="…"`, when it is a plain one. */
export function attachmentName(disposition: string | null): string | undefined {
  const match = /^attachment; filename="([\w.-]{1,200})"$/.exec(disposition ?? '');
  return match?.[1];
}

async function failureText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error !== '') return body.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return `${response.status} ${response.statusText}`.trim();
}

export async function downloadBackup(): Promise<{ filename: string; bytes: number }> {
  const headers = new Headers();
  const token = csrfToken();
  if (token) headers.set(CSRF_HEADER, token);
  const response = await fetch(DATABASE_BACKUP_PATH, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
  });
  if (!response.ok)
    throw new ApiError(response.status, `API Error: ${await failureText(response)}`);
  const filename =
    attachmentName(response.headers.get('content-disposition')) ?? 'moveratlas-backup';
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the Blob to the browser's download; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return { filename, bytes: blob.size };
}
