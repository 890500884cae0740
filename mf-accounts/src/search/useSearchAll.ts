import { useTradeboardStore } from '@tradeboard/shared/web';
import { useTypeAhead } from '../api/useTypeAhead.ts';
import { searchAll, type ResultGroup } from './searchAll.ts';

/** Every kind's results for `text` (trimmed; nothing for blank), `limit` per kind, after `delayMs`. */
export function useSearchAll(text: string, limit: number, delayMs: number) {
  const user = useTradeboardStore((state) => state.user);
  const trimmed = text.trim();
  const state = useTypeAhead<ResultGroup>(
    trimmed ? { key: `${user?.userName ?? ''}|${limit}|${trimmed}`, run: (signal) => searchAll(user, trimmed, limit, signal) } : null,
    delayMs,
  );
  const current = state.key === `${user?.userName ?? ''}|${limit}|${trimmed}`;
  return { groups: current ? state.results : [], loading: !!trimmed && (state.loading || !current), error: state.error, text: trimmed };
}
