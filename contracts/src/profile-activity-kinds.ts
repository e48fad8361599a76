/**
 * Profile analytics without zod (docs/decisions/033): the kinds a profile reports, their words and where the
 * beacons go. The public profile imports these, and only these: a module of schemas would bring zod into the
 * page's first JavaScript (issue 5's budget).
 */

/** What a visitor did on a profile: opened it, or used its Get Quote button, phone link or website link. */
export const PROFILE_ACTIVITY_KINDS = [
  'view',
  'quote_click',
  'phone_click',
  'website_click',
] as const;
export type ProfileActivityKind = (typeof PROFILE_ACTIVITY_KINDS)[number];

/** Each kind as staff read it, in a column, a legend or a total. */
export const PROFILE_ACTIVITY_LABELS: Readonly<Record<ProfileActivityKind, string>> = {
  view: 'Profile views',
  quote_click: 'Get Quote clicks',
  phone_click: 'Phone clicks',
  website_click: 'Website clicks',
};

/** Where a profile's beacons go: POST, answered 204. */
export const profileActivityApiPath = (slug: string): string =>
  `/api/companies/${encodeURIComponent(slug)}/activity`;

/** Every kind at zero: a day nobody visited. */
export const noProfileActivity = (): Record<ProfileActivityKind, number> => ({
  view: 0,
  quote_click: 0,
  phone_click: 0,
  website_click: 0,
});
