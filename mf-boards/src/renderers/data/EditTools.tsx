import { useState, type ReactNode } from 'react';
import {
  dateSlugOf,
  isPartVisible,
  withDateSlug,
  withColumnMoved,
  withColumnVisible,
  withPartVisible,
  type ColumnConfigValue,
  type ComponentConfigValue,
  type VisiblePart,
} from '@tradeboard/shared/boards';
import { customDateSlug, customRangeSlug, DATE_CHOICES, isIsoDate } from '@tradeboard/shared/dates';
import { ArrowDownOutlined, ArrowUpOutlined, Button, SettingOutlined, Switch } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/edit';

const PART_LABELS: Record<VisiblePart, string> = { table: 'Table', kpi: 'KPI', chart: 'Chart', search: 'Search' };

const GROUP_LABELS: Record<(typeof DATE_CHOICES)[number]['group'], string> = {
  day: 'Days',
  week: 'Weeks',
  month: 'Months',
  days: 'Last days',
  year: 'Years',
  quarter: 'Quarters',
  custom: 'Custom',
};

/** The date choices of seed 000 §9 grouped as the picker lists them. */
const PERIOD_OPTIONS = Object.entries(GROUP_LABELS).map(([group, label]) => ({
  label,
  options: DATE_CHOICES.filter((choice) => choice.group === group).map((choice) => ({ value: choice.slug, label: choice.label })),
}));

/** Which choice a saved dateSlug is: a fixed one, or a custom date (an ISO date) or range (from_to). */
function choiceOf(slug: string): { choice: string; from?: string; to?: string } {
  if (isIsoDate(slug)) return { choice: 'custom-date', from: slug };
  const [from, to] = slug.split('_');
  if (to !== undefined && isIsoDate(from) && isIsoDate(to)) return { choice: 'custom-range', from, to };
  return { choice: slug };
}

/**
 * The component's period as a dynamic date choice (seed 000 §9), saved in its config. A custom date
 * or range is saved once its dates are complete (a range from its start to its end).
 */
function PeriodPicker({ slug, onChange }: { slug: string; onChange: (dateSlug: string) => void }): ReactNode {
  const saved = choiceOf(slug);
  const [choice, setChoice] = useState(saved.choice);
  const [from, setFrom] = useState(saved.from ?? '');
  const [to, setTo] = useState(saved.to ?? '');
  const apply = (next: { choice: string; from: string; to: string }) => {
    if (next.choice === 'custom-date') {
      if (isIsoDate(next.from)) onChange(customDateSlug(next.from));
    } else if (next.choice === 'custom-range') {
      if (isIsoDate(next.from) && isIsoDate(next.to) && next.from <= next.to) onChange(customRangeSlug(next.from, next.to));
    } else {
      onChange(next.choice);
    }
  };
  const set = (change: Partial<{ choice: string; from: string; to: string }>) => {
    const next = { choice, from, to, ...change };
    setChoice(next.choice);
    setFrom(next.from);
    setTo(next.to);
    apply(next);
  };
  return (
    <span className="tb-edit-tools__period">
      <label className="tb-edit-tools__switch">
        Period
        <Select size="small" value={choice} options={PERIOD_OPTIONS} onChange={(value: string) => set({ choice: value })} aria-label="Period" popupMatchSelectWidth={false} style={{ minWidth: 150 }} />
      </label>
      {(choice === 'custom-date' || choice === 'custom-range') && (
        <Input size="small" type="date" aria-label={choice === 'custom-date' ? 'Date' : 'From'} value={from} onChange={(event) => set({ from: event.target.value })} style={{ width: 150 }} />
      )}
      {choice === 'custom-range' && <Input size="small" type="date" aria-label="To" value={to} min={from || undefined} onChange={(event) => set({ to: event.target.value })} style={{ width: 150 }} />}
    </span>
  );
}

type Props = {
  config: ComponentConfigValue;
  /** The columns shown (the config's, or those derived from the rows when it has none). */
  columns: readonly ColumnConfigValue[];
  /** The parts this component has. */
  parts: readonly VisiblePart[];
  save: (config: ComponentConfigValue) => void;
};

/**
 * Edit mode tools of a data component: its period (when its calls take one), per-instance
 * visibility of table, KPI, chart and search, and the columns' visibility and order (seed 000 §4),
 * saved in the instance's config.
 */
export function EditTools({ config, columns, parts, save }: Props): ReactNode {
  const [open, setOpen] = useState(false);
  // A component configured without columns gets the shown ones, so the edit has something to keep.
  const base = config.columnConfigs?.length ? config : { ...config, columnConfigs: [...columns] };
  const dateSlug = dateSlugOf(config);
  return (
    <div className="tb-edit-tools">
      {dateSlug !== undefined && <PeriodPicker slug={dateSlug} onChange={(next) => next !== dateSlug && save(withDateSlug(config, next))} />}
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
