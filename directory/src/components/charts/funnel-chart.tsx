/**
 * A funnel: how many reach each stage of a sequence and how many are lost on the way, drawn as centred bars
 * in inline SVG. The title and description name it; the figures, drop-off included, follow as a table for
 * screen readers.
 */
import { formatCount } from '../../lib/numbers';
import { ChartFigure, ChartTable } from './chart-frame';

export interface FunnelStage {
  label: string;
  value: number;
  /** Percent lost since the stage before; null for the first stage or when the one before was empty. */
  dropOffPercent: number | null;
}

const ROW = 40;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 150;
const WIDTH = 640;

const percent = (value: number) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

export function FunnelChart({
  title,
  description,
  stages,
  valueLabel = 'Visitors',
}: {
  title: string;
  description: string;
  stages: readonly FunnelStage[];
  valueLabel?: string;
}) {
  const max = Math.max(1, ...stages.map((s) => s.value));
  const barSpace = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = Math.max(ROW, stages.length * ROW);
  return (
    <ChartFigure
      title={title}
      description={description}
      width={WIDTH}
      height={height}
      table={
        <ChartTable
          title={title}
          columns={['Stage', valueLabel, 'Drop-off from the stage before']}
          rows={stages.map((stage) => ({
            key: stage.label,
            label: stage.label,
            cells: [
              formatCount(stage.value),
              stage.dropOffPercent === null ? '—' : percent(stage.dropOffPercent),
            ],
          }))}
        />
      }
    >
      {stages.map((stage, i) => {
        const width = Math.max((stage.value / max) * barSpace, stage.value > 0 ? 2 : 0);
        const y = i * ROW;
        return (
          <g key={stage.label} aria-hidden="true">
            <text
              x={LABEL_WIDTH - 10}
              y={y + 24}
              textAnchor="end"
              className="fill-slate-700 text-[13px]"
            >
              {stage.label}
            </text>
            <rect
              x={LABEL_WIDTH + (barSpace - width) / 2}
              y={y + 8}
              width={width}
              height={ROW - 14}
              rx={3}
              className={i === 0 ? 'fill-slate-500' : 'fill-blue-700'}
            />
            <text
              x={LABEL_WIDTH + barSpace + 10}
              y={y + 24}
              className="fill-slate-900 text-[13px] font-semibold"
            >
              {formatCount(stage.value)}
              {stage.dropOffPercent !== null ? (
                <tspan className="fill-red-700 font-normal">
                  {` −${percent(stage.dropOffPercent)}`}
                </tspan>
              ) : null}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
