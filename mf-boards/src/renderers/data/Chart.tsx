import type { ReactNode } from 'react';
import { Area, Bar, Column, Line, Pie } from '@ant-design/charts';
import type { DatasetTabValue } from '@tradeboard/shared/boards';
import { formatMoney, type Row } from './format.ts';

/** One point of a chart: the category, the series (a yField's title) and the value. */
export type ChartPoint = { x: string; series: string; value: number; row: Row };

type Props = { tab: DatasetTabValue; points: ChartPoint[]; dark: boolean; label: string; onPointClick?: (point: ChartPoint) => void };

type ChartInstance = { on: (event: string, handler: (event: { data?: { data?: ChartPoint } }) => void) => void };

/**
 * The @ant-design/charts view of one dataset tab. This module (and the charts library) loads only
 * when a chart is shown: ChartPart imports it lazily, so it never weighs on a board's first load.
 */
export default function Chart({ tab, points, dark, label, onPointClick }: Props): ReactNode {
  const onReady = (chart: object) => {
    if (onPointClick) (chart as ChartInstance).on('element:click', (event) => event.data?.data && onPointClick(event.data.data));
  };
  const common = {
    data: points,
    onReady,
    height: 260,
    autoFit: true,
    theme: dark ? 'classicDark' : 'classic',
    axis: { y: { labelFormatter: (value: number) => formatMoney(value) } },
    tooltip: { items: [{ channel: 'y', valueFormatter: (value: number) => formatMoney(value) }] },
  };
  const several = new Set(points.map((p) => p.series)).size > 1;
  const series = several ? { colorField: 'series' } : {};
  let chart: ReactNode;
  switch (tab.chartType) {
    case 'pie':
      chart = <Pie data={points} height={260} autoFit theme={dark ? 'classicDark' : 'classic'} onReady={onReady} angleField="value" colorField="x" innerRadius={0.5} />;
      break;
    case 'bar':
      chart = <Bar {...common} {...series} xField="x" yField="value" group={several} />;
      break;
    case 'line':
      chart = <Line {...common} {...series} xField="x" yField="value" />;
      break;
    case 'area':
      chart = <Area {...common} {...series} xField="x" yField="value" />;
      break;
    default:
      chart = <Column {...common} {...series} xField="x" yField="value" group={several} />;
  }
  return (
    <div role="img" aria-label={label}>
      {chart}
    </div>
  );
}
