import type { ChartConfiguration } from 'chart.js';
import { useId } from 'react';
import { ChartCanvas } from '../../../../components/charts/chart-canvas';
import { formatCount } from '../../../../lib/format-count';

// A chart with its text alternative: a visible caption that sums it up, and the data behind it
// as a table that screen readers read (it is hidden only visually).

export interface ChartTable {
  columns: string[];
  /** Each row: its heading cell, then the values. */
  rows: Array<[string, ...Array<string | number>]>;
}

export function ChartFigure({
  title,
  summary,
  config,
  table,
  height,
}: {
  title: string;
  summary: string;
  config: ChartConfiguration;
  table: ChartTable;
  /** The drawing's height in pixels (the width follows the page). */
  height: number;
}) {
  const titleId = useId();
  return (
    <figure className="admin-chart" aria-labelledby={titleId}>
      <figcaption>
        <span className="admin-chart__title" id={titleId}>
          {title}
        </span>
        <span className="admin-chart__summary">{summary}</span>
      </figcaption>
      <div className="admin-chart__canvas" style={{ height }}>
        <ChartCanvas config={config} label={`${title}: ${summary}`} />
      </div>
      {/* Hidden by its wrapper: a table sizes itself to its content, whatever its own width says,
          and a hidden wide table made the page scroll sideways on a phone. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(([heading, ...values]) => (
              <tr key={heading}>
                <th scope="row">{heading}</th>
                {values.map((value, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; a cell is its column
                  <td key={index}>{typeof value === 'number' ? formatCount(value) : value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
