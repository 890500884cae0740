import type { ReactNode } from 'react';
import { RemoteRoot } from '@tradeboard/shared/ui/root';
import { isUnderRoute, useLocation, useTradeboardStore } from '@tradeboard/shared/web';
import { StatusDialog } from './feedback/StatusDialog.tsx';
import { parseSectionPath } from './routing/sectionRoute.ts';
import manifest from './manifest.ts';
import { SectionPage } from './SectionPage.tsx';
import { BOARDS_STYLES } from './theme/boardsStyles.ts';

/** The page for the current address: /{sectionName}[/{board}]. */
export function BoardsRoutes(): ReactNode {
  const { pathname, search } = useLocation();
  const signedIn = useTradeboardStore((state) => state.user !== null);
  // Between a navigation away (e.g. /login on sign-out) and single-spa unmounting this remote, or while
  // the session is being lost, nothing is decided here: no board list, no redirect, no Page Not Found.
  if (!signedIn || !manifest.routes.some((route) => isUnderRoute(pathname, route))) return null;
  const address = parseSectionPath(pathname);
  if (!address) return null;
  return <SectionPage key={address.sectionName} address={address} pathname={pathname} search={search} />;
}

/** The remote's root component. */
export function BoardsApp(): ReactNode {
  return (
    <RemoteRoot className="tb-boards-root">
      <style href="tradeboard-boards" precedence="medium">
        {BOARDS_STYLES}
      </style>
      <BoardsRoutes />
      <StatusDialog />
    </RemoteRoot>
  );
}
