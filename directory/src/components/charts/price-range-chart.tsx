/** Typical price ranges per move size as inline SVG range bars, with the figures as a table (always visible). */
import { useId } from 'react';
import type { PriceRange } from '@moveratlas/contracts';

export interface PriceRow {
  label: string;
  range: PriceRange;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
export const formatUsd = (amount: number): string => usd.format(amount);

const ROW = 30;
const LABEL_WIDTH = 130;
const WIDTH = 480;

export function PriceRangeChart({
  title,
  description,
  rows,
}: {
  title: string;
  description: string;
  rows: readonly PriceRow[];
}) {
  const id = useId();
  const max = Math.max(1, ...rows.map((r) => r.range.high));
  const space = WIDTH - LABEL_WIDTH - 20;
  const x = (amount: number) => LABEL_WIDTH + Math.round((amount / max) * space);
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <figcaption className="text-base font-semibold text-slate-900">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${rows.length * ROW}`}
        className="mt-3 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {rows.map((row, i) => (
          <g key={row.label} aria-hidden="true">
            <text
              x={LABEL_WIDTH - 8}
              y={i * ROW + 19}
              textAnchor="end"
              className="fill-slate-700 text-[13px]"
            >
              {row.label}
            </text>
            <rect
              x={x(row.range.low)}
              y={i * ROW + 8}
              width={Math.max(4, x(row.range.high) - x(row.range.low))}
              height={14}
              rx={7}
              className="fill-emerald-600"
            />
          </g>
        ))}
      </svg>
      {/* Named by aria-label, not a <caption>: inside a <figure> the figcaption is the caption. */}
      <table className="mt-3 w-full text-left text-sm" aria-label={title}>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 font-medium">
              Move size
            </th>
            <th scope="col" className="py-1 font-medium">
              Typical price
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-slate-100">
              <th scope="row" className="py-1 font-medium text-slate-900">
                {row.label}
              </th>
              <td className="py-1 text-slate-800 tabular-nums">
                {formatUsd(row.range.low)} – {formatUsd(row.range.high)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
