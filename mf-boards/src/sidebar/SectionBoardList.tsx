import type { MouseEvent, ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { StarFilled } from '@tradeboard/shared/ui';
import { sectionIdOf } from '@tradeboard/shared/constants';
import { isPlainClick, navigate, remoteSwrConfig, useLocation } from '@tradeboard/shared/web';

import { useSectionBoards } from '../api/useSectionBoards.ts';
import { SIDE_BOARDS_STYLES } from '../theme/sideBoardsStyles.ts';

export const NO_BOARDS_TEXT = 'No boards exist for this section';

type Props = { sectionName: string; route: string; onNavigate?: () => void };

/**
 * Seed 000 §2 App shell: the expanded section's boards as links to {route}/{boardMasterId}; a star
 * marks the default, a dot the current one. Exposed for the shell's sidebar (`./SectionBoardList`, the
 * manifest's `sidebar`); `route` names the section, `sectionName` is its title.
 */
export default function SectionBoardList(props: Props): ReactNode {
  return (
    <SWRConfig value={remoteSwrConfig}>
      <BoardList {...props} />
    </SWRConfig>
  );
}

function BoardList({ sectionName, route, onNavigate }: Props): ReactNode {
  const { pathname } = useLocation();
  const { boards } = useSectionBoards(sectionIdOf(route));
  const current = pathname.split('/').filter(Boolean)[1];
  if (!boards) return null;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigate(event.currentTarget.getAttribute('href') ?? '/');
    onNavigate?.();
  };
  const list =
    boards.length === 0 ? (
      <p className="tb-side-boards__empty">{NO_BOARDS_TEXT}</p>
    ) : (
      <ul className="tb-side-boards" aria-label={`${sectionName} boards`}>
        {boards.map((board) => {
          const active = current === String(board.boardMasterId);
          return (
            <li key={board.boardMasterId}>
              <a href={`/${route}/${board.boardMasterId}`} onClick={follow} aria-current={active ? 'page' : undefined}>
                <span className={`tb-side-boards__dot${active ? ' tb-side-boards__dot--on' : ''}`} aria-hidden />
                <span className="tb-side-boards__name">{board.boardName}</span>
                {board.isBoardDefault && <StarFilled className="tb-star" aria-label="default board" />}
              </a>
            </li>
          );
        })}
      </ul>
    );
  return (
    // Its own styles: the sidebar shows it outside the boards pages.
    <div className="tb-side-boards-root">
      <style href="tradeboard-side-boards" precedence="medium">
        {SIDE_BOARDS_STYLES}
      </style>
      {list}
    </div>
  );
}
