/**
 * What every chart of the site shares: the captioned figure around an inline SVG that names itself (title and
 * description), the value axis's gridlines, and the figures again as a table for screen readers.
 */
import { useId, type ReactNode } from 'react';

/** A round maximum for a value axis: 1, 2, 5 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function ChartFigure({
  title,
  description,
  width,
  height,
  table,
  padding = 'p-4 sm:p-5',
  children,
}: {
  title: string;
  description: string;
  width: number;
  height: number;
  /** The figures as a table (ChartTable), after the drawing. */
  table: ReactNode;
  padding?: string;
  /** The drawing, in viewBox units of width × height. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure className={`rounded-xl border border-slate-200 bg-white shadow-sm ${padding}`}>
      <figcaption className="text-base font-semibold text-slate-900">{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-3 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {children}
      </svg>
      {table}
    </figure>
  );
}

/** Three horizontal gridlines (zero, half, top) labelled with their whole-number values. */
export function ValueGridlines({
  max,
  y,
  left,
  right,
  formatValue,
}: {
  max: number;
  y: (value: number) => number;
  left: number;
  right: number;
  formatValue: (value: number) => string;
}) {
  return [0, max / 2, max].map((tick) => (
    <g key={tick}>
      <line
        x1={left}
        x2={right}
        y1={y(tick)}
        y2={y(tick)}
        className="stroke-slate-200"
        strokeWidth={1}
      />
      <text x={left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-600 text-[12px]">
        {Number.isInteger(tick) ? formatValue(tick) : ''}
      </text>
    </g>
  ));
}

/** The chart's figures for screen readers: a header row, then one row per datum named by its first cell. */
export function ChartTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: readonly string[];
  rows: ReadonlyArray<{ key: string; label: string; cells: readonly string[] }>;
}) {
  return (
    // A table ignores the 1px width of sr-only: a wrapper clips it, so it never widens the page.
    <div className="sr-only">
      {/* Named by aria-label, not a <caption>: inside a <figure> the figcaption is the caption. */}
      <table aria-label={title}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
