/**
 * A schedule's times as staff read them (issue 16: "schedule times lack a time zone"): in the schedule's own
 * time zone, named ("Nov 24, 6:00 AM UTC"), with the admin's own time beside it when that differs
 * ("1:00 AM in your time", the date too when the day differs). The server works each schedule out in its
 * own zone (croner); the instants on the wire are UTC.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string, withZoneName: boolean): Intl.DateTimeFormat {
  const key = `${zone}|${withZoneName}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone,
      ...(withZoneName ? { timeZoneName: 'short' } : {}),
    });
    formats.set(key, found);
  }
  return found;
}

/** The admin's own time zone, as the browser says it. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const part = (f: Intl.DateTimeFormat, ms: number, type: Intl.DateTimeFormatPartTypes) =>
  f.formatToParts(ms).find((p) => p.type === type)?.value ?? '';

/** "Nov 24, 6:00 AM UTC" and, when the admin's clock reads otherwise, "1:00 AM in your time". */
export function scheduleTimeParts(
  ms: number,
  zone: string,
  localZone: string = localTimeZone(),
): { inZone: string; local: string | null } {
  let zoned: Intl.DateTimeFormat;
  try {
    zoned = format(zone, true);
  } catch {
    // A zone this browser does not know: the instant in UTC, named so.
    zoned = format('UTC', true);
  }
  const inZone = zoned.format(ms);
  const there = format(zoned.resolvedOptions().timeZone, false);
  const here = format(localZone, false);
  if (here.format(ms) === there.format(ms)) return { inZone, local: null };
  const sameDay =
    part(here, ms, 'month') === part(there, ms, 'month') &&
    part(here, ms, 'day') === part(there, ms, 'day');
  const clock = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: localZone,
  });
  return { inZone, local: `${sameDay ? clock.format(ms) : here.format(ms)} in your time` };
}

/** One line of text, for a toast: "Nov 24, 6:00 AM UTC (1:00 AM in your time)". */
export function scheduleTimeText(ms: number, zone: string): string {
  const { inZone, local } = scheduleTimeParts(ms, zone);
  return local === null ? inZone : `${inZone} (${local})`;
}

export function ScheduleTime({ ms, zone }: { ms: number; zone: string }) {
  const { inZone, local } = scheduleTimeParts(ms, zone);
  return (
    <span>
      <time dateTime={new Date(ms).toISOString()}>{inZone}</time>
      {local === null ? null : <span className="text-slate-600"> ({local})</span>}
    </span>
  );
}
