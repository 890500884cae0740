import type { ReactNode } from 'react';
import type { KpiResult } from '@tradeboard/shared/contracts';
import { ArrowDownOutlined, ArrowUpOutlined } from '@tradeboard/shared/ui';
import { formatDateRange, formatMoney, formatPercent, type PartRequest } from '@tradeboard/shared/boards';
import { useDateFormat, usePartData } from './api.ts';
import { PartState } from './PartState.tsx';

/** "Sales This Month", not "Sales This Month · This Month": the date choice only when the title lacks it. */
export function kpiLabel(label: string, title: string | undefined): string {
  if (!title) return label;
  return title.toLowerCase().includes(label.toLowerCase()) ? title : `${title} · ${label}`;
}

/**
 * The figures of a KPI result: this period, the comparison period, change and trend. A KPI that
 * is the whole component (`title`) names itself; a list's KPI part shows only the date choice.
 */
export function KpiFigures({ kpi, title }: { kpi: KpiResult; title?: string }): ReactNode {
  const datePattern = useDateFormat();
  const up = (kpi.change ?? 0) >= 0;
  const trend = kpi.change === null ? null : up ? 'up' : 'down';
  return (
    <div className="tb-kpi" role="group" aria-label={`KPI ${title ?? kpi.label}`}>
      <div className="tb-kpi__label">{kpiLabel(kpi.label, title)}</div>
      <div className="tb-kpi__value" aria-label="This period">
        {formatMoney(kpi.current.sales)}
      </div>
      <div className="tb-kpi__comparison">
        {kpi.comparison ? (
          <span aria-label="Comparison period">
            vs {formatMoney(kpi.comparison.sales)} <span className="tb-muted">({formatDateRange(kpi.comparison.from, kpi.comparison.to, datePattern)})</span>
          </span>
        ) : (
          <span className="tb-muted">No comparison period</span>
        )}
        {trend && (
          <span className={`tb-kpi__trend tb-kpi__trend--${trend}`} aria-label={`Change ${trend}`}>
            {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} {formatMoney(Math.abs(kpi.change!))}
            {kpi.changePercent !== null && ` (${formatPercent(kpi.changePercent)})`}
          </span>
        )}
      </div>
    </div>
  );
}

/** The KPI part: its own call (kpiConfig), with loading, error and retry. */
export function KpiPart({ request }: { request: PartRequest }): ReactNode {
  const { data, error, isLoading, retry } = usePartData<KpiResult>(request);
  return (
    <PartState loading={isLoading && !data} error={error} retry={retry} empty={false} rows={1}>
      {data && <KpiFigures kpi={data} />}
    </PartState>
  );
}
