/**
 * Which addresses a company's logo and photos may hold — checked when they are written (the admin form, the
 * CSV import) and again when they are read back for a page, the API or the widget, so an older row cannot
 * slip through. An <img> sends the viewer's cookies to a same-site address: a stored /api/logout or backup
 * path would act as the admin who views the profile. So only pictures qualify.
 */

/** File names a browser shows as a picture. */
const IMAGE_FILE = /\.(?:svg|png|jpe?g|webp|avif|gif)$/i;
/** One plain path segment: no dot segments, no percent-escapes, no empty segment. */
const PATH_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const SITE_IMAGES = '/images/';
/**
 * A picture a mover uploaded, as the server serves it (features/companies/media): only these names, which
 * the media route answers with image/webp and nothing else.
 */
const UPLOADED_IMAGE = /^\/media\/companies\/[1-9]\d{0,9}-(?:photo|thumb|logo)\.webp$/;
export const IMAGE_ADDRESS_MAX_LENGTH = 500;

/** What an image address must be, in the words of an error message. */
export const IMAGE_ADDRESS_RULE =
  'an https:// image address (.svg .png .jpg .jpeg .webp .avif .gif) or a path such as /images/logos/1.svg';

/** True for the address of a picture a mover uploaded (`/media/companies/12-photo.webp`). */
export const isUploadedImageAddress = (value: string): boolean => UPLOADED_IMAGE.test(value);

/**
 * A file under /images/ on this site with an image file name, an uploaded picture under /media/companies/,
 * or an https:// address (no user name or
 * password) whose path names an image file.
 */
export function isImageAddress(value: string): boolean {
  if (value.length > IMAGE_ADDRESS_MAX_LENGTH || /[\s"'<>\\]/.test(value)) return false;
  if (value.startsWith('/')) {
    if (UPLOADED_IMAGE.test(value)) return true;
    if (!value.startsWith(SITE_IMAGES) || !IMAGE_FILE.test(value)) return false;
    return value
      .slice(SITE_IMAGES.length)
      .split('/')
      .every((segment) => PATH_SEGMENT.test(segment));
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.hostname.includes('.') &&
    !url.username &&
    !url.password &&
    IMAGE_FILE.test(url.pathname)
  );
}

/** The value when it is an image address, else null: what a renderer may use of a stored logo. */
export const imageAddressOrNull = (value: string | null | undefined): string | null =>
  value && isImageAddress(value) ? value : null;
