/**
 * A card's licensing badge (issue 20): "FMCSA checked {date}", "Red flag" or "Not verified", each with an icon
 * and words (never colour alone) and, for screen readers, what it means and where the details are.
 */
import type { LicensingBadgeView } from '@moveratlas/contracts';
import { Outline, ShieldCheckIcon } from './icons';

type IconProps = { className?: string };

/** A warning triangle: red flags, on cards and in the profile's Licensing panel. */
export const WarningIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 3.5L2.5 20h19z" />
    <path d="M12 10v4.5M12 17.2v.3" />
  </Outline>
);

/** A circle with a question mark: nothing could be checked. */
export const UncheckedIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 114 2c-.9.6-1.5 1.1-1.5 2.2M12 16.8v.3" />
  </Outline>
);

/** A date of FMCSA's files, short, as a card has room for: `2026-11-01` → "Nov 1, 2026". */
export function licensingShortDay(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const BADGE_CLASS =
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold';

export function LicensingBadge({ licensing }: { licensing: LicensingBadgeView }) {
  if (licensing.badge === 'red-flag')
    return (
      <span className={`${BADGE_CLASS} border-red-300 bg-red-50 text-red-800`}>
        <WarningIcon className="h-4 w-4 shrink-0" />
        <span className="sr-only">Licensing: </span>
        Red flag
        <span className="sr-only"> in FMCSA’s public files — see the profile</span>
      </span>
    );
  if (licensing.badge === 'checked' && licensing.checkedOn)
    return (
      <span className={`${BADGE_CLASS} border-emerald-300 bg-emerald-50 text-emerald-900`}>
        <ShieldCheckIcon className="h-4 w-4 shrink-0" />
        <span className="sr-only">Licensing: </span>
        FMCSA checked {licensingShortDay(licensing.checkedOn)}
        <span className="sr-only">, no red flags — see the profile</span>
      </span>
    );
  return (
    <span className={`${BADGE_CLASS} border-slate-300 bg-slate-100 text-slate-700`}>
      <UncheckedIcon className="h-4 w-4 shrink-0" />
      <span className="sr-only">Licensing: </span>
      Not verified
      <span className="sr-only"> against FMCSA’s public files — see the profile for why</span>
    </span>
  );
}
