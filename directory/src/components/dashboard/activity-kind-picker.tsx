/**
 * Which profile activity (views, Get Quote, phone or website clicks) a chart shows: radio buttons drawn as
 * chips, for the admin's company panel and the movers' overview alike.
 */
import { useId } from 'react';
import {
  PROFILE_ACTIVITY_KINDS,
  PROFILE_ACTIVITY_LABELS,
  type ProfileActivityKind,
} from '@moveratlas/contracts';

export function ActivityKindPicker({
  shown,
  onChange,
}: {
  shown: ProfileActivityKind;
  onChange: (kind: ProfileActivityKind) => void;
}) {
  const legendId = useId();
  return (
    <fieldset aria-labelledby={legendId}>
      <legend id={legendId} className="text-sm font-medium text-slate-800">
        Show on the chart
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {PROFILE_ACTIVITY_KINDS.map((kind) => (
          <label
            key={kind}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700"
          >
            <input
              type="radio"
              name={`${legendId}-kind`}
              value={kind}
              checked={shown === kind}
              onChange={() => onChange(kind)}
              className="h-4 w-4 accent-blue-700"
            />
            {PROFILE_ACTIVITY_LABELS[kind]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
