/**
 * The sample photos: the seed gives companies illustrations from directory/public/images/photos/{1..24}.svg,
 * eight scenes in three color schemes. They are drawings, not photos of the company, and their alt text
 * says so.
 */
const SAMPLE_PHOTO = /^\/images\/photos\/(\d{1,2})\.svg$/;

export const PHOTO_SCENES = [
  'a moving truck parked outside a house',
  'a stack of packed moving boxes',
  'two movers carrying a sofa',
  'a living room packed into boxes',
  'an open self-storage unit with boxes inside',
  'a hand truck loaded with boxes',
  'a moving truck on the highway',
  'furniture wrapped in moving blankets',
] as const;

export const SAMPLE_PHOTO_COUNT = PHOTO_SCENES.length * 3;

/** The alt text of a company photo: what a sample illustration shows, else the company's photo number. */
export function photoAlt(url: string, companyName: string, position: number): string {
  const match = SAMPLE_PHOTO.exec(url);
  const n = match ? Number(match[1]) : 0;
  if (n >= 1 && n <= SAMPLE_PHOTO_COUNT) {
    return `Illustration: ${PHOTO_SCENES[(n - 1) % PHOTO_SCENES.length]}`;
  }
  return `${companyName} photo ${position}`;
}
