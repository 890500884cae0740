import type { ReactNode } from 'react';
import type { GoalKind } from '../api/goalKinds.ts';

export type GroupByOption = { groupByValueField: string; groupByName: string };
export const HIERARCHY_DEPTH = 5;

/**
 * Seed 000 §4: the options of hierarchy level `level` (1–5): FiscalMonth never; Company only at
 * level 1; Complete never for activity goals; nothing used at another level (the goal type counts).
 */
export function levelOptions(kind: GoalKind, options: readonly GroupByOption[], goalType: string, levels: readonly string[], level: number): GroupByOption[] {
  const usedElsewhere = new Set([goalType, ...levels.filter((value, i) => i !== level - 1 && value)]);
  return options.filter(({ groupByValueField: value }) => {
    if (value === 'FiscalMonth') return false;
    if (value === 'Company' && level > 1) return false;
    if (value === 'Complete' && kind === 'Activity') return false;
    return !usedElsewhere.has(value);
  });
}

/** How many levels show: level 1 once a goal type is chosen, each next one once the previous is set, up to 5. */
export function visibleLevels(goalType: string, levels: readonly string[]): number {
  if (!goalType) return 0;
  let shown = 1;
  while (shown < HIERARCHY_DEPTH && levels[shown - 1]) shown++;
  return shown;
}

/** Sets level `level` to `value`; clearing a level clears every deeper one. */
export function setLevel(levels: readonly string[], level: number, value: string): string[] {
  const next = Array.from({ length: HIERARCHY_DEPTH }, (_, i) => levels[i] ?? '');
  next[level - 1] = value;
  if (!value) for (let i = level; i < HIERARCHY_DEPTH; i++) next[i] = '';
  return next;
}

type Props = {
  kind: GoalKind;
  idPrefix: string;
  goalTypes: readonly GroupByOption[];
  options: readonly GroupByOption[];
  goalType: string;
  levels: readonly string[];
  onGoalType: (goalType: string) => void;
  onLevels: (levels: string[]) => void;
};

/** The goal type and Hierarchy 1–5 pickers (native selects: keyboard and small screens work as the platform does). */
export function HierarchyBuilder({ kind, idPrefix, goalTypes, options, goalType, levels, onGoalType, onLevels }: Props): ReactNode {
  const shown = visibleLevels(goalType, levels);
  return (
    <div className="tb-goals-builder">
      <label htmlFor={`${idPrefix}-type`}>
        Goal Type
        <select
          id={`${idPrefix}-type`}
          value={goalType}
          onChange={(event) => {
            onGoalType(event.target.value);
            // A level that now repeats the goal type is cleared with everything below it.
            const clash = levels.findIndex((value) => value && value === event.target.value);
            if (clash >= 0) onLevels(setLevel(levels, clash + 1, ''));
            if (!event.target.value) onLevels(setLevel(levels, 1, ''));
          }}
        >
          <option value="">Select a goal type</option>
          {goalTypes.map((t) => (
            <option key={t.groupByValueField} value={t.groupByValueField}>
              {t.groupByName}
            </option>
          ))}
        </select>
      </label>
      {Array.from({ length: shown }, (_, i) => i + 1).map((level) => (
        <label key={level} htmlFor={`${idPrefix}-h${level}`}>
          Hierarchy {level}
          <select id={`${idPrefix}-h${level}`} value={levels[level - 1] ?? ''} onChange={(event) => onLevels(setLevel(levels, level, event.target.value))}>
            <option value="">None</option>
            {levelOptions(kind, options, goalType, levels, level).map((o) => (
              <option key={o.groupByValueField} value={o.groupByValueField}>
                {o.groupByName}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
