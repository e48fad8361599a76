/**
 * A horizontal bar chart drawn as inline SVG on the server (no chart library, no script needed). The SVG
 * carries a title and description; the same figures follow as a table for screen readers.
 */
import { formatCount } from '../../lib/numbers';
import { ChartFigure, ChartTable } from './chart-frame';

export interface BarDatum {
  label: string;
  value: number;
}

const ROW = 28;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 64;
const WIDTH = 480;

export function BarChart({
  title,
  description,
  data,
  valueLabel = 'Companies',
  formatValue = formatCount,
}: {
  title: string;
  description: string;
  data: readonly BarDatum[];
  valueLabel?: string;
  formatValue?: (value: number) => string;
}) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const barSpace = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = Math.max(ROW, data.length * ROW);
  return (
    <ChartFigure
      title={title}
      description={description}
      width={WIDTH}
      height={height}
      padding="p-5"
      table={
        <ChartTable
          title={title}
          columns={['Category', valueLabel]}
          rows={data.map((d) => ({ key: d.label, label: d.label, cells: [formatValue(d.value)] }))}
        />
      }
    >
      {data.map((d, i) => {
        const width = Math.round((d.value / max) * barSpace);
        const y = i * ROW;
        return (
          <g key={d.label} aria-hidden="true">
            <text
              x={LABEL_WIDTH - 8}
              y={y + 18}
              textAnchor="end"
              className="fill-slate-700 text-[13px]"
            >
              {d.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 6}
              width={Math.max(width, d.value > 0 ? 2 : 0)}
              height={16}
              rx={3}
              className="fill-blue-700"
            />
            <text
              x={LABEL_WIDTH + width + 6}
              y={y + 18}
              className="fill-slate-900 text-[13px] font-semibold"
            >
              {formatValue(d.value)}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
