import { useCallback, useEffect, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { HolderOutlined, ShareAltOutlined, StarFilled, Tooltip } from '@tradeboard/shared/ui';
import { isPlainClick, navigate } from '@tradeboard/shared/web';
import type { BoardValue } from '../api/types.ts';
import { boardHref } from '../routing/sectionRoute.ts';
import { InlineEdit } from './InlineEdit.tsx';
import { moveItem } from './orderBoards.ts';
import { useDragReorder } from './useDragReorder.ts';

type Props = {
  sectionName: string;
  boards: readonly BoardValue[];
  active: number | 'default' | null;
  search: string;
  /** Seed §6: the Default tab appears when DisplayDefaultSectionTemplates is on. */
  showDefaultTab: boolean;
  /** Edit mode (with AllowPageEditing): boards can be dragged to reorder. */
  reorderable: boolean;
  onReorder: (next: BoardValue[]) => void;
  /** The board being renamed in place, if any. */
  renaming: number | null;
  onRename: (board: BoardValue, name: string) => void;
  onRenameDone: () => void;
};

/** The section's board tab strip (seed 000 "Board screens"): links, default star, share icon, drag to reorder. */
export function BoardTabs(props: Props): ReactNode {
  const { sectionName, boards, active, search, showDefaultTab, reorderable, onReorder, renaming, onRename, onRenameDone } = props;
  const handleReorder = useCallback((next: BoardValue[]) => onReorder(next), [onReorder]);
  const { container, ordered, draggingIndex, startDrag, wasDrag } = useDragReorder(boards, reorderable, handleReorder, '[data-board-tab]');
  const [, force] = useState(0);

  // The open board's tab is in view, also when the strip scrolls sideways (phones, many boards),
  // and again whenever the tabs before it change or the strip or a tab changes size: the user's
  // saved order can arrive after the boards, edit mode (drag handles) after both, and the layout
  // can settle after the first paint.
  const tabOrder = `${showDefaultTab}:${boards.map((board) => board.boardMasterId).join(',')}`;
  useEffect(() => {
    const strip = container.current;
    if (!strip) return;
    const reveal = () => strip.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    reveal();
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(reveal);
    for (const element of [strip, ...strip.querySelectorAll('[role="tab"]')]) resized.observe(element);
    return () => resized.disconnect();
  }, [active, tabOrder, reorderable, container]);

  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (wasDrag()) return;
    navigate(href);
  };

  const handleHandleKey = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const delta = event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : 0;
    if (!delta) return;
    event.preventDefault();
    const to = index + delta;
    if (to < 0 || to >= boards.length) return;
    onReorder(moveItem(boards, index, to));
    force((n) => n + 1);
  };

  return (
    <div className={`tb-tabs${reorderable ? ' tb-tabs--reorderable' : ''}`} role="tablist" aria-label="Boards" ref={container}>
      {showDefaultTab && (
        <a
          role="tab"
          aria-selected={active === 'default'}
          className={`tb-tab${active === 'default' ? ' tb-tab--active' : ''}`}
          href={boardHref(sectionName, 'default', search)}
          onClick={follow(boardHref(sectionName, 'default', search))}
        >
          Default
        </a>
      )}
      {ordered.map((board, index) => {
        const selected = board.boardMasterId === active;
        const href = boardHref(sectionName, board.boardMasterId, search);
        if (renaming === board.boardMasterId) {
          return (
            <span key={board.boardMasterId} className="tb-tab tb-tab--active tb-tab--editing" data-board-tab>
              <InlineEdit value={board.boardName} label="Board name" onSave={(name) => onRename(board, name)} onDone={onRenameDone} />
            </span>
          );
        }
        return (
          <span
            key={board.boardMasterId}
            data-board-tab
            className={`tb-tab-wrap${draggingIndex === index ? ' tb-tab-wrap--dragging' : ''}`}
            onPointerDown={startDrag(index)}
          >
            {reorderable && (
              <button
                type="button"
                className="tb-tab__handle"
                aria-label={`Move ${board.boardName} (arrow keys)`}
                onKeyDown={handleHandleKey(index)}
              >
                <HolderOutlined aria-hidden />
              </button>
            )}
            <a
              role="tab"
              aria-selected={selected}
              aria-current={selected ? 'page' : undefined}
              className={`tb-tab${selected ? ' tb-tab--active' : ''}`}
              href={href}
              onClick={follow(href)}
              draggable={false}
            >
              <span className="tb-tab__name">{board.boardName}</span>
              {board.isBoardDefault && (
                <Tooltip title="Your default board">
                  <StarFilled className="tb-tab__star" aria-label="default board" />
                </Tooltip>
              )}
              {board.isShared && (
                <Tooltip title={`Shared with you by ${board.createdByName}`}>
                  <ShareAltOutlined className="tb-tab__shared" aria-label="shared board" />
                </Tooltip>
              )}
            </a>
          </span>
        );
      })}
    </div>
  );
}
