import { buildPartRequest, initialViewState, isPartVisible } from '@tradeboard/shared/boards';
import { useTradeboardStore } from '@tradeboard/shared/web';
import { activeFilterOf, pageFilters } from '../filters/activeFilter.ts';
import type { GlobalFilterValue } from '../filters/useGlobalFilters.ts';
import { savedConfig } from '../instances/ComponentInstanceView.tsx';
import { preloadPart, settingOn } from '../renderers/data/api.ts';
import type { DynamicPageValue } from './types.ts';

/**
 * Starts the first data calls of a board's components as soon as its page has answered, beside
 * the renderers' code instead of after it: each component's data call (its first page, saved sort)
 * and KPI call (when shown), with the filters the page applies (the user's default global filter and the
 * address's implicit ones), exactly as the renderer will ask for them (DataComponent), so its
 * first read takes the answer (renderers/data/api.ts `preloadPart`).
 */
export async function startComponentReads(
  page: DynamicPageValue,
  globalFilters: Promise<GlobalFilterValue[]>,
  pathname: string,
  search: string,
): Promise<void> {
  const boardFilters = pageFilters(activeFilterOf(await globalFilters, undefined), pathname, search);
  const autoSortEnabled = settingOn(useTradeboardStore.getState().user?.settings, 'AutoSortEnabled');
  const masters = new Map(page.components.map((master) => [master.id, master]));
  for (const instance of page.cards.flatMap((card) => card.componentInstances)) {
    const config = savedConfig(instance, masters.get(instance.componentMasterId));
    const data = buildPartRequest(config, 'data', { view: initialViewState(config), boardFilters, autoSortEnabled });
    const kpi = buildPartRequest(config, 'kpi', { boardFilters });
    if (data) preloadPart(data);
    if (kpi && isPartVisible(config, 'kpi')) preloadPart(kpi);
  }
}
