import type { ReactNode } from 'react';
import type { SummaryResult } from '@tradeboard/shared/contracts';
import { formatMoney, formatPercent } from './format.ts';

/** SummaryResult periods (this month, last month, YTD, last year YTD, last year) as figure tiles. */
export function SummaryTiles({ periods }: { periods: SummaryResult['periods'] }): ReactNode {
  return (
    <ul className="tb-tiles" aria-label="Summary">
      {periods.map((period) => (
        <li key={period.dateSlug} className="tb-tile" aria-label={period.label}>
          <span className="tb-tile__label">{period.label}</span>
          <strong className="tb-tile__value">{formatMoney(period.sales)}</strong>
          <span className="tb-muted">
            GP {formatMoney(period.grossProfit)}
            {period.grossProfitPercent !== null && ` · ${formatPercent(period.grossProfitPercent)}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
