/** Dates and labels shown with content, formatted the same on the server and in the browser (UTC). */
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 2026-05-22 → May 22, 2026. */
export const formatContentDate = (isoDate: string): string =>
  DATE_FORMAT.format(new Date(`${isoDate}T00:00:00Z`));

/** 'choosing-a-mover' → 'Choosing a mover'. */
export const tagLabel = (tag: string): string => {
  const words = tag.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const readingTimeLabel = (minutes: number): string => `${minutes} min read`;
