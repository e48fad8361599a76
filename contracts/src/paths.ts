/**
 * Trimming without regular expressions. `text.replace(/\/+$/, '')` looks harmless but is quadratic: the
 * engine tries the run of slashes from every position, so a path of 15,000 slashes and one letter held the
 * event loop for most of a second (issue 12). These walk the string once.
 */

/** `text` without any run of `char` (one character) at its end. */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without any run of `char` (one character) at its start or its end. */
export function trimEdges(text: string, char: string): string {
  let start = 0;
  while (start < text.length && text[start] === char) start += 1;
  return trimTrailing(text.slice(start), char);
}

/** A path or URL without its trailing slashes (`/states/illinois///` → `/states/illinois`; `/` → ``). */
export const trimTrailingSlashes = (path: string): string => trimTrailing(path, '/');
