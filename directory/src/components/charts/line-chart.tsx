/**
 * A line chart for a figure measured again and again (a score per crawl), drawn as inline SVG with a point
 * per measurement. The SVG carries a title and description; the figures follow as a table for screen
 * readers. The value axis has a fixed range when given (0–100 for a score), else starts at zero.
 */
import { formatCount } from '../../lib/numbers';
import { ChartFigure, ChartTable, niceMax, ValueGridlines } from './chart-frame';

export interface LinePoint {
  /** The point's full name, used in the table and the hover title ("Crawl 12, Nov 23"). */
  label: string;
  /** A short form for the axis; the label when omitted. */
  tick?: string;
  value: number;
}

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 40;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 28;
const MAX_TICKS = 6;

export function LineChart({
  title,
  description,
  data,
  max: fixedMax,
  valueLabel = 'Value',
  categoryLabel = 'Point',
  formatValue = formatCount,
}: {
  title: string;
  description: string;
  data: readonly LinePoint[];
  /** The top of the value axis; by default a round number above the largest value. */
  max?: number;
  valueLabel?: string;
  categoryLabel?: string;
  formatValue?: (value: number) => string;
}) {
  const max = fixedMax ?? niceMax(Math.max(0, ...data.map((d) => d.value)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  // One point sits in the middle; more spread across the width.
  const x = (i: number) =>
    data.length === 1 ? LEFT + plotWidth / 2 : LEFT + (i * plotWidth) / (data.length - 1);
  const y = (value: number) => TOP + plotHeight - (Math.min(value, max) / max) * plotHeight;
  const tickEvery = Math.max(1, Math.ceil(data.length / MAX_TICKS));
  const path = data.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i)},${y(d.value)}`).join(' ');

  return (
    <ChartFigure
      title={title}
      description={description}
      width={WIDTH}
      height={HEIGHT}
      table={
        <ChartTable
          title={title}
          columns={[categoryLabel, valueLabel]}
          rows={data.map((d, i) => ({
            key: `${d.label}-${i}`,
            label: d.label,
            cells: [formatValue(d.value)],
          }))}
        />
      }
    >
      <g aria-hidden="true">
        <ValueGridlines
          max={max}
          y={y}
          left={LEFT}
          right={WIDTH - RIGHT}
          formatValue={formatValue}
        />
        {data.length > 1 ? (
          <path d={path} fill="none" className="stroke-blue-700" strokeWidth={2.5} />
        ) : null}
        {data.map((d, i) => (
          <g key={`${d.label}-${i}`}>
            <circle cx={x(i)} cy={y(d.value)} r={4} className="fill-blue-700 stroke-white">
              <title>{`${d.label}: ${formatValue(d.value)}`}</title>
            </circle>
            {i % tickEvery === 0 || (i === data.length - 1 && i % tickEvery >= tickEvery / 2) ? (
              <text
                x={x(i)}
                y={HEIGHT - 8}
                // The first and last labels stay inside the drawing.
                textAnchor={
                  data.length === 1
                    ? 'middle'
                    : i === 0
                      ? 'start'
                      : i === data.length - 1
                        ? 'end'
                        : 'middle'
                }
                className="fill-slate-600 text-[12px]"
              >
                {d.tick ?? d.label}
              </text>
            ) : null}
          </g>
        ))}
      </g>
    </ChartFigure>
  );
}
