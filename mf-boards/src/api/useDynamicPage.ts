import useSWR, { preload, type KeyedMutator } from 'swr';
import { rendererRegistry } from '@tradeboard/shared/boards';
import { dynamicPage, dynamicPageDefault } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { takeEarlyRead } from './earlyReads.ts';
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

/** The fetcher of a board's page: the read started early for it, if any (earlyReads.ts). */
const pageRead = (board: number | 'default', sectionId: number) => () =>
  takeEarlyRead(pageKey(board, sectionId), () => fetchPage(board, sectionId));

/** Starts loading a board while the section's board list is still on its way. */
export function preloadPage(board: number | 'default', sectionId: number): void {
  void preload(pageKey(board, sectionId), pageRead(board, sectionId)).catch(() => {});
}

export function useDynamicPage(board: number | 'default', sectionId: number): DynamicPageState {
  const response = useSWR(pageKey(board, sectionId), pageRead(board, sectionId), {
    revalidateOnFocus: false,
    keepPreviousData: false,
    shouldRetryOnError: false,
  });
  return { page: response.data, error: response.error, isLoading: response.isLoading, mutate: response.mutate };
}
