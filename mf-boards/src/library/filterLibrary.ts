import type { ComponentMasterValue } from '../api/types.ts';

/** Seed 000 "Board screens": the library's filter chips, in the seed's order. */
export const LIBRARY_CHIPS = ['Comparison', 'List', 'Summary', 'Visual', 'KPI', 'Analysis'] as const;
export type LibraryChip = (typeof LIBRARY_CHIPS)[number];

export function matchesChip(master: ComponentMasterValue, chip: LibraryChip): boolean {
  if (chip === 'Visual') return master.hasVisual;
  if (chip === 'KPI') return master.hasKpi;
  return master.componentType === chip;
}

/**
 * The masters to show: in the library, matching every search word (name, description, category,
 * type) and any selected chip (none selected: all), grouped by category (categories and names
 * sorted by name).
 */
export function filterLibrary(
  masters: readonly ComponentMasterValue[],
  search: string,
  chips: readonly LibraryChip[],
): { category: string; masters: ComponentMasterValue[] }[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = masters.filter((master) => {
    if (!master.showInComponentLibrary) return false;
    if (chips.length && !chips.some((chip) => matchesChip(master, chip))) return false;
    const haystack = `${master.displayName} ${master.description} ${master.componentCategory} ${master.componentType}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const groups = new Map<string, ComponentMasterValue[]>();
  for (const master of shown) {
    const category = master.componentCategory || 'Other';
    groups.set(category, [...(groups.get(category) ?? []), master]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, list]) => ({ category, masters: list.sort((a, b) => a.displayName.localeCompare(b.displayName)) }));
}
