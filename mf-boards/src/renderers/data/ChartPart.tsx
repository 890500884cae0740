import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ColumnConfigValue, ComponentConfigValue, DatasetTabValue } from '@tradeboard/shared/boards';
import { Button, Skeleton } from '@tradeboard/shared/ui';
import { navigate, useTradeboardStore } from '@tradeboard/shared/web';
import type { ChartPoint } from './Chart.tsx';
import { cellValue, drillHref, type Row } from './format.ts';

// Its own chunk with @ant-design/charts: loaded the first time a chart shows.
const Chart = lazy(() => import('./Chart.tsx'));

/**
 * The long-format points of a tab: one per row and yField, the series named by the field's
 * shown column title; a field shown as several columns (one per year) gives one series each.
 */
export function chartPoints(tab: DatasetTabValue, rows: readonly Row[], columns: readonly ColumnConfigValue[]): ChartPoint[] {
  const series = tab.yFields.flatMap((field) => {
    const shown = columns.filter((c) => c.dataSource === field || c.dataSource.startsWith(`${field}.`));
    return shown.length ? shown.map((c) => ({ dataSource: c.dataSource, title: c.title ?? field })) : [{ dataSource: field, title: field }];
  });
  return rows.flatMap((row) =>
    series.map((s) => ({ x: String(cellValue(row, { dataSource: tab.xField }) ?? ''), series: s.title, value: Number(cellValue(row, s) ?? 0), row })),
  );
}

type Props = { config: ComponentConfigValue; rows: readonly Row[]; columns: readonly ColumnConfigValue[]; name: string };

/** Dataset tabs (a tablist of buttons) over the lazily loaded chart of the main call's rows. */
export function ChartPart({ config, rows, columns, name }: Props): ReactNode {
  const tabs = config.chartConfig?.datasetTabs ?? [];
  const [selected, setSelected] = useState(() => Math.min(config.chartConfig?.defaultTabIndex ?? 0, Math.max(tabs.length - 1, 0)));
  const dark = useTradeboardStore((state) => state.theme) === 'dark';
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
          <Chart tab={tab} points={chartPoints(tab, rows, columns)} dark={dark} label={`${name}: ${tab.title} chart`} onPointClick={onPointClick} />
        </Suspense>
      </div>
    </div>
  );
}
