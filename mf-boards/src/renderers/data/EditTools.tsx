import { useState, type ReactNode } from 'react';
import {
  isPartVisible,
  withColumnMoved,
  withColumnVisible,
  withPartVisible,
  type ColumnConfigValue,
  type ComponentConfigValue,
  type VisiblePart,
} from '@tradeboard/shared/boards';
import { ArrowDownOutlined, ArrowUpOutlined, Button, SettingOutlined, Switch } from '@tradeboard/shared/ui';

const PART_LABELS: Record<VisiblePart, string> = { table: 'Table', kpi: 'KPI', chart: 'Chart', search: 'Search' };

type Props = {
  config: ComponentConfigValue;
  /** The columns shown (the config's, or those derived from the rows when it has none). */
  columns: readonly ColumnConfigValue[];
  /** The parts this component has. */
  parts: readonly VisiblePart[];
  save: (config: ComponentConfigValue) => void;
};

/**
 * Edit mode tools of a data component: per-instance visibility of table, KPI, chart and search,
 * and the columns' visibility and order (seed 000 §4), saved in the instance's config.
 */
export function EditTools({ config, columns, parts, save }: Props): ReactNode {
  const [open, setOpen] = useState(false);
  // A component configured without columns gets the shown ones, so the edit has something to keep.
  const base = config.columnConfigs?.length ? config : { ...config, columnConfigs: [...columns] };
  return (
    <div className="tb-edit-tools">
      <div className="tb-edit-tools__parts" role="group" aria-label="Parts">
        {parts.map((part) => (
          <label key={part} className="tb-edit-tools__switch">
            <Switch size="small" checked={isPartVisible(config, part)} onChange={(on) => save(withPartVisible(config, part, on))} aria-label={`Show ${PART_LABELS[part]}`} />
            {PART_LABELS[part]}
          </label>
        ))}
        {columns.length > 0 && (
          <Button size="small" icon={<SettingOutlined />} aria-expanded={open} onClick={() => setOpen(!open)}>
            Columns
          </Button>
        )}
      </div>
      {open && (
        <ul className="tb-edit-tools__columns" aria-label="Columns">
          {columns.map((column, index) => {
            const title = column.title ?? column.dataSource;
            return (
              <li key={column.dataSource}>
                <Switch size="small" checked={column.isVisible} aria-label={`Show column ${title}`} onChange={(on) => save(withColumnVisible(base, column.dataSource, on))} />
                <span className="tb-edit-tools__title">{title}</span>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`Move ${title} up`} disabled={index === 0} onClick={() => save(withColumnMoved(base, column.dataSource, -1))} />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${title} down`}
                  disabled={index === columns.length - 1}
                  onClick={() => save(withColumnMoved(base, column.dataSource, 1))}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
