/**
 * What a visitor is told when a call fails (issue 15), shared by the widget and the directory: plain words and
 * what to do, never the technical reason ("Failed to fetch", "API Error: 502 Bad Gateway", a field's code name).
 * The technical reason is for the console. How a server's refusal is worded is refusal-text.ts: apart, so a page
 * that only reads (the home page) does not load it.
 */
export const OFFLINE_MESSAGE =
  'We could not reach MoverAtlas. Check your internet connection, then try again.';
export const SERVER_TROUBLE_MESSAGE =
  'Our server is having trouble right now. Please try again in a minute.';
export const CHECK_DETAILS_MESSAGE = 'Please check your details and try again.';

/**
 * Whether an error is the browser saying nothing came back (offline, a dropped connection, a file of the page
 * that could not be fetched): a TypeError with Chrome's, Firefox's or Safari's words for it — not any TypeError,
 * which is also what a bug throws.
 */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError &&
  /fetch|network|load failed|importing a module|dynamically imported/i.test(error.message);
