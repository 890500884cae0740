import { useTradeboardStore } from '@tradeboard/shared/web';
import { useTypeAhead } from '../api/useTypeAhead.ts';
import { DEFAULT_ITEM_SEARCH, searchAll, type ItemSearchOptions, type ResultGroup } from './searchAll.ts';

/** Every kind's results for `text` (trimmed; nothing for blank), `limit` per kind, after `delayMs`; items searched as `items` says. */
export function useSearchAll(text: string, limit: number, delayMs: number, items: ItemSearchOptions = DEFAULT_ITEM_SEARCH) {
  const user = useTradeboardStore((state) => state.user);
  const trimmed = text.trim();
  const key = `${user?.userName ?? ''}|${limit}|${items.field}|${items.operator}|${trimmed}`;
  const state = useTypeAhead<ResultGroup>(trimmed ? { key, run: (signal) => searchAll(user, trimmed, limit, signal, items) } : null, delayMs);
  const current = state.key === key;
  return { groups: current ? state.results : [], loading: !!trimmed && (state.loading || !current), error: state.error, text: trimmed };
}
