/**
 * A column chart for counts over time (one column per day, week or month), drawn as inline SVG: no chart
 * library, no script needed to draw it. The SVG carries a title and description; the figures follow as a
 * table for screen readers.
 */
import { formatCount } from '../../lib/numbers';
import { ChartFigure, ChartTable, niceMax, ValueGridlines } from './chart-frame';

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
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const band = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(1, Math.min(band * 0.72, 40));
  const tickEvery = Math.max(1, Math.ceil(data.length / MAX_TICKS));
  const y = (value: number) => TOP + plotHeight - (value / max) * plotHeight;

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
    </ChartFigure>
  );
}
