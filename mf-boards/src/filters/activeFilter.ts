import { implicitFilters, mergeFilters } from '@tradeboard/shared/boards';
import type { FilterValue } from '../api/types.ts';

type Pickable = { id: number; isDefault: boolean; filters: FilterValue[] };

/** What the user picked in this page's session: a filter's id, none at all, or nothing yet (use his default). */
export type ActiveChoice = number | 'none' | undefined;

/** The active global filter: the one he picked while it still exists, else his default. */
export function activeFilterOf<F extends Pickable>(list: readonly F[] | undefined, choice: ActiveChoice): F | null {
  if (!list || choice === 'none') return null;
  return list.find((f) => f.id === choice) ?? list.find((f) => f.isDefault) ?? null;
}

/**
 * The filters every component on the page applies: the active global filter merged with the
 * page's implicit filters by field (the page's own win), a filter with no values removed (seed 000 §4).
 */
export function pageFilters(active: Pickable | null, pathname: string, search: string): FilterValue[] {
  return mergeFilters(active?.filters ?? [], implicitFilters(pathname, search));
}

/** The badge's count: the active filter's fields that hold values. */
export function activeFieldCount(active: Pickable | null): number {
  return mergeFilters(active?.filters ?? []).length;
}
