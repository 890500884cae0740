import useSWR, { type KeyedMutator } from 'swr';
import { rendererRegistry } from '@tradeboard/shared/boards';
import { dynamicPage, dynamicPageDefault } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { startEarlyRead, takeEarlyRead } from './earlyReads.ts';
import { pageKey } from './keys.ts';
import type { DynamicPageValue } from './types.ts';

export type DynamicPageState = {
  page: DynamicPageValue | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: KeyedMutator<DynamicPageValue>;
};

/** A board with its cards, component instances and the masters they use (one call). */
export async function fetchPage(board: number | 'default', sectionId: number): Promise<DynamicPageValue> {
  const page = await (board === 'default'
    ? api.call(dynamicPageDefault, { params: { sectionMasterId: sectionId } })
    : api.call(dynamicPage, { params: { boardMasterId: board } }));
  // The board's renderers start loading now, while its cards render (the cards show their failures).
  for (const master of page.components) void rendererRegistry.resolve(master.renderer).catch(() => undefined);
  return page;
}

/**
 * Starts loading a board before a component asks for it (earlyReads.ts): while the section's board
 * list, or the whole app, is still on its way.
 */
export function preloadPage(board: number | 'default', sectionId: number): void {
  startEarlyRead(pageKey(board, sectionId), () => fetchPage(board, sectionId));
}

export function useDynamicPage(board: number | 'default', sectionId: number): DynamicPageState {
  const response = useSWR(pageKey(board, sectionId), (key) => takeEarlyRead(key, () => fetchPage(board, sectionId)), {
    revalidateOnFocus: false,
    keepPreviousData: false,
    shouldRetryOnError: false,
  });
  return { page: response.data, error: response.error, isLoading: response.isLoading, mutate: response.mutate };
}
