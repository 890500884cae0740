import type { ReactNode } from 'react';
import { buildPartRequest, formatMoney, formatPercent, type ComponentRendererProps } from '@tradeboard/shared/boards';
import type { WhiteSpaceResult as Answer } from '@tradeboard/shared/contracts';
import { usePartData } from './api.ts';
import { PartState } from './PartState.tsx';

const CSS = `
.tb-white-space { display: flex; flex-direction: column; gap: 10px; min-width: 0; }
.tb-white-space__peers { margin: 0; color: var(--tb-muted); font-size: 12px; }
.tb-white-space__rows { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.tb-white-space__row { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 2px 12px; align-items: baseline; }
.tb-white-space__group { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-white-space__gap { font-variant-numeric: tabular-nums; font-weight: 600; }
.tb-white-space__bar { grid-column: 1 / -1; height: 8px; border-radius: 4px; background: var(--tb-accent-soft); overflow: hidden; }
.tb-white-space__fill { display: block; height: 100%; border-radius: 4px; background: var(--tb-accent); }
.tb-white-space__detail { grid-column: 1 / -1; color: var(--tb-muted); font-size: 12px; }
`;

/** Who the account was compared with, in words. */
function peersText(answer: Answer): string {
  const band = answer.sizeBand ? ` with ${answer.sizeBand.label} in sales` : '';
  const kind = answer.accountClass ? `${answer.accountClass} accounts` : 'accounts';
  return `Compared with ${answer.peerCount} ${kind}${band} over the last 12 months.`;
}

/** Why there are no rows: no sales to size the account, too few peers, or nothing its peers buy that it does not. */
function emptyText(answer: Answer): string {
  if (!answer.sizeBand) return 'No sales in the last 12 months to compare.';
  if (answer.peerCount < answer.minPeers) return `Too few similar accounts to compare (${answer.peerCount}).`;
  return 'It buys every product group its peers buy.';
}

/**
 * White space (beyond the seed): the product groups the account's peers buy and it does not, the
 * largest estimated gap first, each a bar scaled to the largest with the share of peers buying it.
 * The call takes the page's customer and company (buildPartRequest); elsewhere it says so.
 */
export default function WhiteSpaceRenderer({ config, filters }: ComponentRendererProps): ReactNode {
  const request = buildPartRequest(config, 'data', { boardFilters: filters });
  const { data, error, isLoading, retry } = usePartData<Answer>(request);
  const largest = Math.max(...(data?.rows ?? []).map((row) => row.estimatedGap), 0);
  return (
    <div className="tb-white-space">
      <style href="tb-white-space" precedence="default">
        {CSS}
      </style>
      {!request ? (
        <p className="tb-muted">Open a customer to see the product groups similar accounts buy and it does not.</p>
      ) : (
        <PartState loading={isLoading && !data} error={error} retry={retry} empty={false}>
          {data && (
            <>
              <p className="tb-white-space__peers">{peersText(data)}</p>
              {data.rows.length === 0 ? (
                <p className="tb-muted">{emptyText(data)}</p>
              ) : (
                <ol className="tb-white-space__rows" aria-label="White space">
                  {data.rows.map((row) => (
                    <li key={row.productGroup} className="tb-white-space__row">
                      <span className="tb-white-space__group" title={row.productGroup}>
                        {row.productGroupName ?? row.productGroup}
                      </span>
                      <span className="tb-white-space__gap" title="Estimated gap">
                        {formatMoney(row.estimatedGap)}
                      </span>
                      <span className="tb-white-space__bar" aria-hidden="true">
                        <span className="tb-white-space__fill" style={{ width: `${largest > 0 ? (row.estimatedGap / largest) * 100 : 0}%` }} />
                      </span>
                      <span className="tb-white-space__detail">
                        {formatPercent(row.peerShare)} of peers buy it · {formatPercent(row.peerShareOfWallet)} of their sales
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </PartState>
      )}
    </div>
  );
}
