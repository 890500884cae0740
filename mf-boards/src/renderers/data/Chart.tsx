import type { ReactNode } from 'react';
import { Area, Bar, Column, Line, Pie } from '@ant-design/charts';
import { Renderer as SvgRenderer } from '@antv/g-svg';
import { formatCategory, formatCompact, formatValue, truncateLabel, type DatasetTabValue, type TimeGrain, type ValueUnit } from '@tradeboard/shared/boards';
import type { Row } from './format.ts';

/** One point of a chart: the category, the series (a yField's title) and the value. */
export type ChartPoint = { x: string; series: string; value: number; row: Row };

type Props = {
  tab: DatasetTabValue;
  points: ChartPoint[];
  /** What the values measure: the value axis and the tooltip speak it ($1.5M, 1.2K, 45%). */
  unit: ValueUnit;
  /** The categories' time grain when they are periods (level, short labels). */
  grain: TimeGrain | null;
  /** The user's DateFormatSetting, for days on the axis. */
  datePattern: string;
  dark: boolean;
  label: string;
  onPointClick?: (point: ChartPoint) => void;
};

type ChartInstance = { on: (event: string, handler: (event: { data?: { data?: ChartPoint } }) => void) => void };

const HEIGHT = 260;
/** Category names longer than this are cut with an ellipsis (the whole name is in the tooltip). */
const LABEL_CHARS = 18;
/** A column chart over more named categories than this is drawn as horizontal bars: names stay level and whole. */
const MAX_NAMED_COLUMNS = 5;

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * The @ant-design/charts view of one dataset tab. This module (and the charts library) loads only
 * when a chart is shown: ChartPart imports it lazily, so it never weighs on a board's first load.
 * Drawn as SVG (crisp at any zoom, its labels are text a browser test can read); every label goes
 * through the boards' formatting module: the value axis abbreviates in the tab's unit, category
 * labels stay level (periods short, names cut with an ellipsis).
 */
export default function Chart({ tab, points, unit, grain, datePattern, dark, label, onPointClick }: Props): ReactNode {
  // A new renderer each render: the charts library walks and clones its options on every update,
  // and a renderer that has drawn holds references back to its canvas (the walk would never end).
  // The chart keeps the renderer it was created with.
  const renderer = new SvgRenderer();
  const onReady = (chart: object) => {
    if (onPointClick) (chart as ChartInstance).on('element:click', (event) => event.data?.data && onPointClick(event.data.data));
  };
  const categories = new Set(points.map((p) => p.x)).size;
  const several = new Set(points.map((p) => p.series)).size > 1;
  const horizontal = tab.chartType === 'bar' || (tab.chartType === 'column' && grain === null && categories > MAX_NAMED_COLUMNS);
  const category = (value: string, index: number) => truncateLabel(formatCategory(value, grain, datePattern, index > 0), LABEL_CHARS);
  const common = {
    data: points,
    onReady,
    renderer,
    // Bars get room for each name: a grouped bar chart of 15 customers is taller than 260 px.
    height: horizontal ? Math.max(HEIGHT, categories * (several ? 30 : 20) + 60) : HEIGHT,
    autoFit: true,
    animate: reducedMotion() ? false : undefined,
    theme: dark ? 'classicDark' : 'classic',
    axis: {
      // Labels stay level on both axes (bars would otherwise stand their value labels on end).
      x: { labelFormatter: category, labelAutoRotate: false, labelTransform: 'rotate(0)', labelAutoHide: true, title: false },
      y: { labelFormatter: (value: number) => formatCompact(value, unit), labelAutoRotate: false, labelTransform: 'rotate(0)', labelAutoHide: true, title: false },
    },
    tooltip: {
      title: (point: ChartPoint) => formatCategory(point.x, grain, datePattern),
      items: [{ channel: 'y', valueFormatter: (value: number) => formatValue(value, unit) }],
    },
  };
  const series = several ? { colorField: 'series' } : {};
  let chart: ReactNode;
  if (tab.chartType === 'pie') {
    chart = (
      <Pie
        data={points}
        renderer={renderer}
        height={HEIGHT}
        autoFit
        animate={common.animate}
        theme={common.theme}
        onReady={onReady}
        angleField="value"
        colorField="x"
        innerRadius={0.5}
        legend={{ color: { itemLabelFormatter: (value: string) => truncateLabel(value, LABEL_CHARS) } }}
        tooltip={{ title: (point: ChartPoint) => point.x, items: [{ channel: 'y', valueFormatter: (value: number) => formatValue(value, unit) }] }}
      />
    );
  } else if (horizontal) {
    chart = <Bar {...common} {...series} xField="x" yField="value" group={several} />;
  } else if (tab.chartType === 'line') {
    chart = <Line {...common} {...series} xField="x" yField="value" />;
  } else if (tab.chartType === 'area') {
    chart = <Area {...common} {...series} xField="x" yField="value" />;
  } else {
    chart = <Column {...common} {...series} xField="x" yField="value" group={several} />;
  }
  return (
    <div role="img" aria-label={label}>
      {chart}
    </div>
  );
}
