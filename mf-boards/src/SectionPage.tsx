import { useEffect, type ReactNode } from 'react';
import { Button, Result } from '@tradeboard/shared/ui';
import { isUnauthorized, redirect } from '@tradeboard/shared/web';
import { preloadPage, useDynamicPage } from './api/useDynamicPage.ts';
import { useSectionBoards } from './api/useSectionBoards.ts';
import { BoardPage, BoardSkeleton } from './BoardPage.tsx';
import { usePermissions } from './boards/usePermissions.ts';
import { decideBoardRoute, type SectionAddress } from './routing/sectionRoute.ts';

function Redirect({ from, to }: { from: string; to: string }): ReactNode {
  useEffect(() => redirect(from, to), [from, to]);
  return <BoardSkeleton />;
}

function BoardWithPage(props: Omit<Parameters<typeof BoardPage>[0], 'page'> & { board: number | 'default' }): ReactNode {
  const page = useDynamicPage(props.board, props.sectionId);
  return <BoardPage {...props} page={page} />;
}

type Props = { address: SectionAddress; pathname: string; search: string };

/** /{sectionName}[/{board}]: loads the section's boards, applies the routing rules, shows the board. */
export function SectionPage({ address, pathname, search }: Props): ReactNode {
  const { sectionId, sectionName } = address;
  const { boards, error, reload } = useSectionBoards(sectionId);
  const { displayDefaultTemplates } = usePermissions(undefined);

  const wanted = address.board.kind === 'id' ? address.board.id : null;
  useEffect(() => {
    if (wanted !== null && sectionId > 0) preloadPage(wanted, sectionId);
  }, [wanted, sectionId]);
  // Unknown sections never reach this remote (its routes are the known sections; the shell shows Page Not
  // Found): a 0 here is a passing address while the remote is being left (e.g. /login on sign-out).
  if (sectionId === 0) return null;
  // /home/1/extra: no such page, whatever the section's boards are.
  if (address.extra) return <Redirect from={pathname + search} to="/notFound" />;

  if (error && !boards) {
    // Signed out meanwhile: the shell's session check sends the page to /login (BoardsApp), not an error here.
    if (isUnauthorized(error)) return <BoardSkeleton />;
    return (
      <Result
        status="warning"
        title="The boards of this section could not be loaded"
        extra={<Button onClick={() => void reload()}>Try again</Button>}
      />
    );
  }
  if (!boards) return <BoardSkeleton />;

  const decision = decideBoardRoute(address, boards, displayDefaultTemplates, search);
  const common = { sectionName, sectionId, pathname, search, boards };
  switch (decision.action) {
    case 'notFound':
      return <Redirect from={pathname + search} to="/notFound" />;
    case 'redirect':
      return <Redirect from={pathname + search} to={decision.to} />;
    case 'section':
      return <BoardPage {...common} active={null} page={null} />;
    case 'board':
      return <BoardWithPage key={decision.boardId} {...common} active={decision.boardId} board={decision.boardId} />;
    case 'defaultBoard':
      // No board at all: nothing to load, the static section shows its empty state (New Board when allowed).
      if (boards.length === 0) return <BoardPage {...common} active="default" page={null} />;
      return <BoardWithPage key="default" {...common} active="default" board="default" />;
  }
}
