import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  commonUnit,
  unitOfFormat,
  type ColumnConfigValue,
  type ComponentConfigValue,
  type DatasetTabValue,
  type TimeGrain,
  type ValueUnit,
} from '@tradeboard/shared/boards';
import { addMonths, toIsoDate } from '@tradeboard/shared/dates';
import { Button, Skeleton } from '@tradeboard/shared/ui';
import { navigate, useTradeboardStore } from '@tradeboard/shared/web';
import { useDateFormat } from './api.ts';
import type { ChartPoint } from './Chart.tsx';
import { cellValue, drillHref, type Row } from './format.ts';

// Its own chunk with @ant-design/charts: loaded the first time a chart shows.
const Chart = lazy(() => import('./Chart.tsx'));

/** The period of a year-over-year row's key within its year: month 1–12 or quarter 1–4 (fiscal when the year is). */
function periodStart(yearFrom: string, key: string, grain: TimeGrain | null): string | null {
  const n = Number(/\d+$/.exec(key)?.[0]);
  if (!Number.isInteger(n) || n < 1) return null;
  if (grain === 'month') return addMonths(yearFrom, n - 1);
  if (grain === 'quarter') return addMonths(yearFrom, (n - 1) * 3);
  return null;
}

export type PointOptions = {
  /** The call's time grain when the categories are periods (groupBy day, month, quarter). */
  grain?: TimeGrain | null;
  /** YearOverYear: the result's years, the current one first; its periods after `today` are left out. */
  years?: ReadonlyArray<{ token?: string; from?: string }>;
  today?: string;
};

/**
 * The long-format points of a tab: one per row and yField, the series named by the field's
 * shown column title; a field shown as several columns (one per year) gives one series each.
 * A missing or non-numeric value is left out (never drawn as 0), and so are the current year's
 * periods still to come in a year-over-year chart (a line does not drop to $0 in December).
 */
export function chartPoints(tab: DatasetTabValue, rows: readonly Row[], columns: readonly ColumnConfigValue[], options: PointOptions = {}): ChartPoint[] {
  const series = tab.yFields.flatMap((field) => {
    const shown = columns.filter((c) => c.dataSource === field || c.dataSource.startsWith(`${field}.`));
    return shown.length ? shown.map((c) => ({ dataSource: c.dataSource, title: c.title ?? field })) : [{ dataSource: field, title: field }];
  });
  const current = options.years?.[0];
  const today = options.today ?? toIsoDate(new Date());
  const future = (row: Row, dataSource: string) => {
    if (!current?.from || current.token !== 'current' || !dataSource.endsWith('.0')) return false;
    const start = periodStart(current.from, String(row.key ?? ''), options.grain ?? null);
    return start !== null && start > today;
  };
  return rows.flatMap((row) =>
    series.flatMap((s) => {
      const raw = cellValue(row, s);
      const value = typeof raw === 'number' ? raw : raw === null || raw === undefined || raw === '' ? Number.NaN : Number(raw);
      if (!Number.isFinite(value) || future(row, s.dataSource)) return [];
      return [{ x: String(cellValue(row, { dataSource: tab.xField }) ?? ''), series: s.title, value, row }];
    }),
  );
}

/** The unit of a tab's value axis: its fields' column formats (a count never gets a $ axis). */
export function tabUnit(tab: DatasetTabValue, columns: readonly ColumnConfigValue[]): ValueUnit {
  return commonUnit(
    tab.yFields.map((field) => {
      const column = columns.find((c) => c.dataSource === field || c.dataSource.startsWith(`${field}.`));
      return unitOfFormat(column?.format);
    }),
  );
}

/** The time grain of the main call's categories: its groupBy when that is a period. */
export function timeGrain(config: ComponentConfigValue): TimeGrain | null {
  const data = config.dataConfig;
  const groupBy = data?.pathParams?.groupBy ?? data?.queryParams?.groupBy;
  return groupBy === 'day' || groupBy === 'month' || groupBy === 'quarter' ? groupBy : null;
}

type Props = {
  config: ComponentConfigValue;
  rows: readonly Row[];
  columns: readonly ColumnConfigValue[];
  name: string;
  /** YearOverYear: the result's years (its future periods are left out). */
  years?: PointOptions['years'];
};

/** Dataset tabs (a tablist of buttons) over the lazily loaded chart of the main call's rows. */
export function ChartPart({ config, rows, columns, name, years }: Props): ReactNode {
  const tabs = config.chartConfig?.datasetTabs ?? [];
  const [selected, setSelected] = useState(() => Math.min(config.chartConfig?.defaultTabIndex ?? 0, Math.max(tabs.length - 1, 0)));
  const dark = useTradeboardStore((state) => state.theme) === 'dark';
  const datePattern = useDateFormat();
  const tab = tabs[selected];
  if (!tab) return null;
  // The tablist pattern: arrow keys move between tabs, only the selected one is in the Tab order.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (selected + step + tabs.length) % tabs.length;
    setSelected(next);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  const link = columns.find((c) => c.dataSource === tab.xField)?.link;
  const grain = timeGrain(config);
  const onPointClick = link
    ? (point: ChartPoint) => {
        const href = drillHref(link, point.row);
        if (href) navigate(href);
      }
    : undefined;
  return (
    <div className="tb-chart">
      {tabs.length > 1 && (
        <div role="tablist" aria-label={`${name} charts`} className="tb-chart__tabs" onKeyDown={onKeyDown}>
          {tabs.map((t, index) => (
            <Button
              key={`${t.title}-${index}`}
              role="tab"
              size="small"
              type={index === selected ? 'primary' : 'default'}
              aria-selected={index === selected}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => setSelected(index)}
            >
              {t.title}
            </Button>
          ))}
        </div>
      )}
      <div role={tabs.length > 1 ? 'tabpanel' : undefined} aria-label={tab.title}>
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
          <Chart
            tab={tab}
            points={chartPoints(tab, rows, columns, { grain, years })}
            unit={tabUnit(tab, columns)}
            grain={grain}
            datePattern={datePattern}
            dark={dark}
            label={`${name}: ${tab.title} chart`}
            onPointClick={onPointClick}
          />
        </Suspense>
      </div>
    </div>
  );
}
