import type { ReactNode } from 'react';
import type { ColumnConfigValue } from '@tradeboard/shared/boards';
import { cellValue, formatCell, type Row } from './format.ts';

type Props = {
  /** A SummaryResult's periods (this month, last month, YTD, last year YTD, last year) or any answer's periods. */
  periods: readonly Row[];
  /** The shown columns: the period's label, then its figures in order (docs/component-config.md). */
  columns: readonly ColumnConfigValue[];
  datePattern: string;
};

const FIGURES = new Set(['money', 'number', 'integer', 'percent']);

/**
 * The periods as figure tiles, read through the component's columns like its table: the first
 * visible figure is the tile's value, the next ones its detail line ("Gross Profit $86,670 · GP %
 * 27.8%"). A summary of purchase amounts and PO counts draws those, never an absent sales field.
 */
export function SummaryTiles({ periods, columns, datePattern }: Props): ReactNode {
  const figures = columns.filter((c) => c.isVisible && FIGURES.has(c.format ?? 'text'));
  const [main, ...details] = figures;
  return (
    <ul className="tb-tiles" aria-label="Summary">
      {periods.map((period, index) => {
        const label = String(period.label ?? period.dateSlug ?? index + 1);
        return (
          <li key={String(period.dateSlug ?? index)} className="tb-tile" aria-label={label}>
            <span className="tb-tile__label">{label}</span>
            {main && (
              <strong className="tb-tile__value" title={main.title}>
                {formatCell(cellValue(period, main), main.format, datePattern) || '—'}
              </strong>
            )}
            {details.length > 0 && (
              <span className="tb-muted tb-tile__details">
                {details.map((column) => `${column.title ?? column.dataSource} ${formatCell(cellValue(period, column), column.format, datePattern) || '—'}`).join(' · ')}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
