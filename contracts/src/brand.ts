/**
 * The MoverAtlas brand colour (Tailwind's blue-700): the logo mark, the pages' theme-color and the quote widget's
 * `--ma-brand` wherever we place it — /get-quotes inline, a profile's dialog, a partner page that sets none
 * (issue 15: placements had drifted apart). A partner may still set its own with the documented `brandColor`
 * option (`data-brand-color`, `--ma-brand`); our own pages never do.
 */
export const BRAND_COLOR = '#1d4ed8';
