/**
 * The generation of what the public directory shows, in this process. Every cache of public reads (API
 * answers, rendered pages, counts, settings, partners) remembers the generation it was filled in and treats
 * an entry of an older one as gone. A write the public must see moves it, here at once and in every other
 * server process within about a second (db/cache-versions.ts reads the shared counter and calls
 * `publicReadsChanged`): one number to move, instead of a list of caches to find and empty.
 */
let generation = 0;
let changedAt = 0;

export const publicGeneration = (): number => generation;

/** Every cache of public reads in this process is out of date from now on. */
export function publicReadsChanged(): void {
  generation += 1;
  changedAt = Date.now();
}

/** When this process last learned of a change (its own, or another process's through the shared counter). */
export const lastPublicChangeAt = (): number => changedAt;
