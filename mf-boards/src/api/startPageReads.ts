import { rendererRegistry } from '@tradeboard/shared/boards';
import { readFilterFields, readGlobalFilters, filterFieldsKey, globalFiltersKey } from '../filters/useGlobalFilters.ts';
import { preloadOwnRenderers } from '../renderers/configureRenderers.ts';
import { parseSectionPath } from '../routing/sectionRoute.ts';
import { startComponentReads } from './startComponentReads.ts';
import { startEarlyRead } from './earlyReads.ts';
import { boardOrderKey, boardsKey, pageKey } from './keys.ts';
import { rememberedRenderers } from './rendererHistory.ts';
import { fetchPage } from './useDynamicPage.ts';
import type { DynamicPageValue } from './types.ts';
import { readBoardOrder, readBoards } from './useSectionBoards.ts';

/**
 * Starts the reads of the section page at `pathname` while the shell is still checking the session
 * and drawing its chrome (earlyReads.ts): the section's boards and their order, the board named in
 * the address with its renderers and then its components' first data, the global filters, which
 * remote renders what, and the section header other remotes fill. The renderers
 * the board used on this browser's last visit start loading at once, beside the page's read.
 */
export function startPageReads(pathname: string, search = ''): void {
  const address = parseSectionPath(pathname);
  if (!address || address.sectionId === 0) return;
  const { sectionId, sectionName, board } = address;
  rendererRegistry.prepare();
  // Other remotes' section header (the accounts remote's jump-to and account header) loads beside the board: the remotes that fill it on this section.
  rendererRegistry.slot('sectionHeader', sectionName).catch(() => undefined);
  startEarlyRead(boardsKey(sectionId), () => readBoards(sectionId));
  startEarlyRead(boardOrderKey(sectionId), () => readBoardOrder(sectionId));
  const globalFilters = startEarlyRead(globalFiltersKey, readGlobalFilters);
  if (board.kind === 'id') {
    const componentReads = (page: DynamicPageValue) => void startComponentReads(page, globalFilters, pathname, search).catch(() => {});
    startEarlyRead(pageKey(board.id, sectionId), () => fetchPage(board.id, sectionId, componentReads));
    preloadOwnRenderers(rememberedRenderers(board.id));
  }
  startEarlyRead(filterFieldsKey, readFilterFields);
}
