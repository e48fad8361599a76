/**
 * A column chart for counts over time (one column per day, week or month), drawn as inline SVG: no chart
 * library, no script needed to draw it. The SVG carries a title and description; the figures follow as a
 * table for screen readers.
 */
import { useId } from 'react';
import { formatCount } from '../../lib/numbers';

export interface ColumnDatum {
  /** The column's full name, used in the table and the hover title ("Mon, Nov 23"). */
  label: string;
  /** A short form for the axis ("11/23"); the label when omitted. */
  tick?: string;
  value: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 44;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;
/** At most this many axis labels, so they never overlap. */
const MAX_TICKS = 8;

/** A round maximum for the axis: 1, 2, 5 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function ColumnChart({
  title,
  description,
  data,
  valueLabel = 'Count',
  categoryLabel = 'Period',
  formatValue = formatCount,
}: {
  title: string;
  description: string;
  data: readonly ColumnDatum[];
  valueLabel?: string;
  categoryLabel?: string;
  formatValue?: (value: number) => string;
}) {
  const id = useId();
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const band = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(1, Math.min(band * 0.72, 40));
  const tickEvery = Math.max(1, Math.ceil(data.length / MAX_TICKS));
  const y = (value: number) => TOP + plotHeight - (value / max) * plotHeight;

  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <figcaption className="text-base font-semibold text-slate-900">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g aria-hidden="true">
          {[0, max / 2, max].map((tick) => (
            <g key={tick}>
              <line
                x1={LEFT}
                x2={WIDTH - RIGHT}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-slate-200"
                strokeWidth={1}
              />
              <text
                x={LEFT - 6}
                y={y(tick) + 4}
                textAnchor="end"
                className="fill-slate-600 text-[12px]"
              >
                {Number.isInteger(tick) ? formatValue(tick) : ''}
              </text>
            </g>
          ))}
          {data.map((d, i) => {
            const height = (d.value / max) * plotHeight;
            const x = LEFT + i * band + (band - barWidth) / 2;
            return (
              <g key={`${d.label}-${i}`}>
                <rect
                  x={x}
                  y={TOP + plotHeight - height}
                  width={barWidth}
                  height={Math.max(height, d.value > 0 ? 1.5 : 0)}
                  rx={Math.min(3, barWidth / 3)}
                  className="fill-blue-700"
                >
                  <title>{`${d.label}: ${formatValue(d.value)}`}</title>
                </rect>
                {i % tickEvery === 0 ? (
                  <text
                    x={LEFT + i * band + band / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    className="fill-slate-600 text-[12px]"
                  >
                    {d.tick ?? d.label}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
      {/* A table ignores the 1px width of sr-only: a wrapper clips it, so it never widens the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryLabel}</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d, i) => (
              <tr key={`${d.label}-${i}`}>
                <th scope="row">{d.label}</th>
                <td>{formatValue(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
