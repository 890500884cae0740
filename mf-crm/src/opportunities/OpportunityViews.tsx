import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Skeleton } from '@tradeboard/shared/ui';
import { errorMessage } from '@tradeboard/shared/web';
import { useFunnel, useOpportunityKpi, type OpportunityFilters, type OpportunityItem } from '../api/opportunities.ts';

export const OpportunityEditor = lazy(() => import('./OpportunityEditor.tsx'));

export const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const monthName = (month: string) => new Date(`${month}-15T00:00:00`).toLocaleDateString('en-US', { month: 'short', year: 'numeric' });

export type ViewProps = { dateSlug?: string; filters?: OpportunityFilters };

/** The opportunity figures: open pipeline, weighted pipeline, won, lost, win rate, and the weighted pipeline by month of expected close. */
export function OpportunityKpis({ dateSlug, filters }: ViewProps): ReactNode {
  const kpi = useOpportunityKpi(dateSlug, filters);
  if (kpi.error) return <Alert type="error" showIcon title="The opportunity figures could not be loaded" description={errorMessage(kpi.error)} />;
  const data = kpi.data;
  const figure = (label: string, value: string | undefined) => (
    <div className="tb-crm-kpi">
      <dt>{label}</dt>
      <dd>{value ?? '…'}</dd>
    </div>
  );
  const peak = Math.max(1, ...(data?.expectedCloseByMonth ?? []).map((m) => m.weightedSize));
  return (
    <div className="tb-crm-opportunity-kpis">
      <dl className="tb-crm-kpis" aria-label="Opportunity figures">
        {figure('Open opportunities', data?.openCount.toLocaleString('en-US'))}
        {figure('Pipeline', data && money.format(data.pipeline))}
        {figure('Weighted pipeline', data && money.format(data.weightedPipeline))}
        {figure('Won', data && `${data.wonCount.toLocaleString('en-US')} · ${money.format(data.wonSize)}`)}
        {figure('Lost', data?.lostCount.toLocaleString('en-US'))}
        {figure('Win rate', data && (data.winRatePercent === null ? '–' : `${data.winRatePercent}%`))}
      </dl>
      {data && (
        <figure className="tb-crm-close-months" aria-label="Weighted pipeline by expected close month">
          <figcaption className="tb-crm-muted">Weighted pipeline by expected close</figcaption>
          <ol>
            {data.expectedCloseByMonth.map((month) => (
              <li key={month.month} title={`${monthName(month.month)}: ${month.count} open, ${money.format(month.opportunitySize)} (${money.format(month.weightedSize)} weighted)`}>
                <span className="tb-crm-close-months__bar" style={{ height: `${Math.round((100 * month.weightedSize) / peak)}%` }} />
                <span className="tb-crm-close-months__value">{money.format(month.weightedSize)}</span>
                <span className="tb-crm-muted tb-crm-close-months__label">{monthName(month.month)}</span>
              </li>
            ))}
          </ol>
        </figure>
      )}
    </div>
  );
}

/** The funnel: each stage in its order, its bar as wide as its share of the largest, with count and total. */
export function OpportunityFunnel({ dateSlug, filters }: ViewProps): ReactNode {
  const funnel = useFunnel(dateSlug, filters);
  if (funnel.error) return <Alert type="error" showIcon title="The funnel could not be loaded" description={errorMessage(funnel.error)} />;
  if (!funnel.data) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  const { rows, reportTotalBasis } = funnel.data;
  const peak = Math.max(1, ...rows.map((row) => row.total));
  const shown = (total: number) => (reportTotalBasis === 'OpportunityCount' ? total.toLocaleString('en-US') : money.format(total));
  return (
    <figure className="tb-crm-funnel" aria-label="Opportunity funnel">
      <ol>
        {rows.map((row) => (
          <li key={row.key} className={row.closesAs ? `tb-crm-funnel__step tb-crm-funnel__step--${row.closesAs.toLowerCase()}` : 'tb-crm-funnel__step'}>
            <span className="tb-crm-funnel__name">{row.name}</span>
            <span className="tb-crm-funnel__track">
              <span className="tb-crm-funnel__bar" style={{ width: `${Math.max(2, Math.round((100 * row.total) / peak))}%` }} />
            </span>
            <span className="tb-crm-funnel__figures">
              {shown(row.total)} <span className="tb-crm-muted">· {row.count}</span>
            </span>
          </li>
        ))}
      </ol>
      <figcaption className="tb-crm-muted">
        {reportTotalBasis === 'OpportunityCount' ? 'Opportunities' : reportTotalBasis === 'WeightedOpportunitySize' ? 'Weighted size' : 'Size'} per stage · count
      </figcaption>
    </figure>
  );
}

/** A Button that opens the editor for a new opportunity on an account. */
export function NewOpportunityButton({ account }: { account: { company: string; accountType: OpportunityItem['accountType']; accountId: string; accountName?: string | null } }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>New opportunity</Button>
      {open && (
        <Suspense fallback={null}>
          <OpportunityEditor open account={account} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
