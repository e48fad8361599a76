/**
 * Progress of a background job (an import, a script run); without a reported figure the bar says so
 * instead of guessing. Drawn in SVG so the width is an attribute: the site's Content-Security-Policy
 * refuses inline style attributes.
 */
export function ProgressBar({
  value,
  label,
  valueText,
  size = 'large',
}: {
  /** Percent done, or null while the job has not said. */
  value: number | null;
  label: string;
  /** What a screen reader says instead of "40%", e.g. "40%, 2 of 4 rows". */
  valueText?: string;
  size?: 'large' | 'small';
}) {
  const percent = value === null ? null : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(percent === null
        ? { 'aria-valuetext': valueText ?? 'Not reported yet' }
        : { 'aria-valuenow': percent, 'aria-valuetext': valueText ?? `${percent}%` })}
      className={`w-full overflow-hidden rounded-full bg-slate-200 ${size === 'large' ? 'h-3' : 'h-1.5'}`}
    >
      <svg aria-hidden="true" className="block h-full w-full" preserveAspectRatio="none">
        <rect height="100%" width={`${percent ?? 0}%`} className="fill-blue-700" />
      </svg>
    </div>
  );
}
