import { rendererRegistry } from '@tradeboard/shared/boards';
import { isSettingOn } from '@tradeboard/shared/user-settings';
import { signedInUser } from '@tradeboard/shared/web';
import { orderBoards } from '../boards/orderBoards.ts';
import { readFilterFields, readGlobalFilters, filterFieldsKey, globalFiltersKey } from '../filters/useGlobalFilters.ts';
import { preloadOwnRenderers } from '../renderers/configureRenderers.ts';
import { parseSectionPath, sectionLandingTarget } from '../routing/sectionRoute.ts';
import { startComponentReads } from './startComponentReads.ts';
import { startEarlyRead } from './earlyReads.ts';
import { boardOrderKey, boardsKey, pageKey } from './keys.ts';
import { rememberedRenderers } from './rendererHistory.ts';
import { fetchPage } from './useDynamicPage.ts';
import type { DynamicPageValue } from './types.ts';
import { readBoardOrder, readBoards } from './useSectionBoards.ts';

/**
 * Starts the reads of the section page at `pathname` while the shell is still checking the session
 * and drawing its chrome (earlyReads.ts): the section's boards and their order, the board the page
 * will show with its renderers and then its components' first data, the global filters, which
 * remote renders what, and the section header other remotes fill. The board is the one named in
 * the address, or for a section's own address (/home, /accountSummary?…) the one it lands on
 * (sectionLandingTarget, once the boards and the user's settings are known), so the landing's
 * redirect finds its board already on its way. The renderers the board used on this browser's last
 * visit start loading at once, beside the page's read.
 */
export function startPageReads(pathname: string, search = ''): void {
  const address = parseSectionPath(pathname);
  if (!address || address.sectionId === 0 || address.extra) return;
  const { sectionId, sectionName, board } = address;
  rendererRegistry.prepare();
  // Other remotes' section header (the accounts remote's jump-to and account header) loads beside the board: the remotes that fill it on this section.
  rendererRegistry.slot('sectionHeader', sectionName).catch(() => undefined);
  const boards = startEarlyRead(boardsKey(sectionId), () => readBoards(sectionId));
  const order = startEarlyRead(boardOrderKey(sectionId), () => readBoardOrder(sectionId));
  const globalFilters = startEarlyRead(globalFiltersKey, readGlobalFilters);
  const startBoard = (shown: number | 'default', at: string) => {
    const componentReads = (page: DynamicPageValue) => void startComponentReads(page, globalFilters, at, search).catch(() => {});
    startEarlyRead(pageKey(shown, sectionId), () => fetchPage(shown, sectionId, componentReads));
    if (shown !== 'default') preloadOwnRenderers(rememberedRenderers(shown));
  };
  // Only an address without a board id waits for the user (his DisplayDefaultSectionTemplates).
  const defaultBoards = () => signedInUser().then((user) => isSettingOn(user.settings, 'DisplayDefaultSectionTemplates'));
  if (board.kind === 'id') startBoard(board.id, pathname);
  else if (board.kind === 'default') void defaultBoards().then((shown) => shown && startBoard('default', pathname));
  else if (board.kind === 'none') {
    Promise.all([boards, order, defaultBoards()])
      .then(([list, saved, withDefault]) => {
        const to = sectionLandingTarget(sectionName, orderBoards(list, saved, sectionId), withDefault, search);
        if (to === null) return;
        const path = new URL(to, window.location.origin).pathname;
        const landing = parseSectionPath(path)?.board;
        if (landing?.kind === 'id') startBoard(landing.id, path);
        else if (landing?.kind === 'default') startBoard('default', path);
      })
      .catch(() => undefined);
  }
  startEarlyRead(filterFieldsKey, readFilterFields);
}
