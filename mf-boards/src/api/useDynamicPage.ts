import useSWR, { preload, type KeyedMutator } from 'swr';
import { rendererRegistry } from '@tradeboard/shared/boards';
import { dynamicPage, dynamicPageDefault } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { takeEarlyRead } from './earlyReads.ts';
import { pageKey } from './keys.ts';
import { rememberRenderers } from './rendererHistory.ts';
import type { DynamicPageValue } from './types.ts';

/** How long a board's page waits for its renderers' code before it is shown without them. */
export const RENDERER_WAIT_MS = 2_000;

export type DynamicPageState = {
  page: DynamicPageValue | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: KeyedMutator<DynamicPageValue>;
};

/**
 * A board with its cards, component instances and the masters they use (one call). `onPage` runs
 * as soon as it answers, before the wait for the renderers (e.g. to start the components' reads).
 */
export async function fetchPage(board: number | 'default', sectionId: number, onPage?: (page: DynamicPageValue) => void): Promise<DynamicPageValue> {
  const page = await (board === 'default'
    ? api.call(dynamicPageDefault, { params: { sectionMasterId: sectionId } })
    : api.call(dynamicPage, { params: { boardMasterId: board } }));
  onPage?.(page);
  // The board's renderers load now, and the page waits for them (up to RENDERER_WAIT_MS), so its
  // cards are drawn once, with their components, instead of with placeholders swapped a moment
  // later. A renderer that fails or takes longer shows its own state in its card. The next visit
  // starts loading them with the page's read (startPageReads).
  const keys = page.components.map((master) => master.renderer);
  if (board !== 'default') rememberRenderers(board, keys);
  const renderers = Promise.allSettled(keys.map((key) => rendererRegistry.resolve(key)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([renderers, new Promise((resolve) => (timer = setTimeout(resolve, RENDERER_WAIT_MS)))]);
  clearTimeout(timer);
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
