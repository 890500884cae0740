import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, PlusOutlined, Result, Skeleton, SettingOutlined, Tag } from '@tradeboard/shared/ui';
import { apiStatus, isNotFound, redirect, useHasOpened, useTradeboardStore } from '@tradeboard/shared/web';
import type { BoardValue, CardValue, ComponentMasterValue } from './api/types.ts';
import type { DynamicPageState } from './api/useDynamicPage.ts';
import { BoardMenu } from './boards/BoardMenu.tsx';
import { BoardTabs } from './boards/BoardTabs.tsx';
import { useBoardActions } from './boards/useBoardActions.ts';
import { useBoardCommands } from './boards/useBoardCommands.tsx';
import { usePermissions } from './boards/usePermissions.ts';
import { BoardCard } from './cards/BoardCard.tsx';
import { CardGrid } from './cards/CardGrid.tsx';
import { useCardActions } from './cards/useCardActions.ts';
import { GlobalFilterControl } from './filters/GlobalFilterControl.tsx';
import { useGlobalFilters } from './filters/useGlobalFilters.ts';
import { missingBoardTarget } from './routing/sectionRoute.ts';
import { sectionTitle } from './routing/sectionTitle.ts';
import { SectionHeaderSlot } from './slots/SectionHeaderSlot.tsx';

// The editing tools load when first opened (with the kit's editing entry, @tradeboard/shared/ui/edit).
const ManageBoardsDialog = lazy(() => import('./boards/ManageBoardsDialog.tsx').then((module) => ({ default: module.ManageBoardsDialog })));
const ShareBoardDialog = lazy(() => import('./boards/ShareBoardDialog.tsx').then((module) => ({ default: module.ShareBoardDialog })));
const ComponentLibrary = lazy(() => import('./library/ComponentLibrary.tsx').then((module) => ({ default: module.ComponentLibrary })));

export const PICKER_HIGHLIGHT_MS = 1_500;

type Props = {
  sectionName: string;
  sectionId: number;
  pathname: string;
  search: string;
  boards: readonly BoardValue[];
  /** The open board (numeric), `default`, or null: the section has no board. */
  active: number | 'default' | null;
  page: DynamicPageState | null;
};

export function BoardSkeleton(): ReactNode {
  return (
    <div className="tb-board-skeleton" role="status" aria-label="Loading board">
      {[0, 1, 2].map((n) => (
        <div key={n} className="tb-card tb-card--skeleton">
          <Skeleton active title={{ width: '30%' }} paragraph={{ rows: 3 }} />
        </div>
      ))}
    </div>
  );
}

/** A section's page: the board tab strip, the board's tools and its cards. */
export function BoardPage({ sectionName, sectionId, pathname, search, boards, active, page }: Props): ReactNode {
  const board = page?.page?.board ?? boards.find((b) => b.boardMasterId === active);
  const permissions = usePermissions(board);
  const editModeOn = useTradeboardStore((state) => state.editMode);
  const boardActions = useBoardActions(sectionId);
  const commands = useBoardCommands(boardActions, sectionName, search, active);
  const [manageOpen, setManageOpen] = useState(false);
  const [sharing, setSharing] = useState<BoardValue | null>(null);
  const manageOpened = useHasOpened(manageOpen);
  const shareOpened = useHasOpened(!!sharing);
  const [renamingBoard, setRenamingBoard] = useState<number | null>(null);
  const [libraryCard, setLibraryCard] = useState<number | null>(null);
  const [highlight, setHighlight] = useState<{ cardMasterId: number; componentMasterId: number; at: number } | null>(null);
  const highlightTimer = useRef<number | undefined>(undefined);
  const cardActions = useCardActions(page?.page, page?.mutate ?? (async () => undefined));
  const globalFilters = useGlobalFilters(pathname, search);
  const filters = globalFilters.filters;
  const masters = useMemo(
    () => new Map<number, ComponentMasterValue>((page?.page?.components ?? []).map((master) => [master.id, master])),
    [page?.page?.components],
  );
  const cards = page?.page?.cards ?? [];
  const libraryTarget = cards.find((card) => card.cardMasterId === libraryCard) ?? null;

  useEffect(() => () => window.clearTimeout(highlightTimer.current), []);
  // The library is an edit-mode tool: it closes when edit mode ends.
  useEffect(() => {
    if (!permissions.editMode) setLibraryCard(null);
  }, [permissions.editMode]);

  // A board that went away (deleted elsewhere, unshared) → the default board, else the first (seed §2).
  const pageError = page?.error;
  useEffect(() => {
    // `default` is not a stored board: its 404 means "no board yet" (empty state below), not a board to leave.
    if (!pageError || active === null || active === 'default') return;
    if (isNotFound(pageError) || apiStatus(pageError) === 403) {
      redirect(pathname + search, missingBoardTarget(sectionName, boards.filter((b) => b.boardMasterId !== active), search));
    }
  }, [pageError, active, sectionName, boards, pathname, search]);

  const handlePick = useCallback(
    async (card: CardValue, master: ComponentMasterValue) => {
      const instance = await cardActions.addComponent(card, master);
      if (!instance) return;
      window.clearTimeout(highlightTimer.current);
      setHighlight({ cardMasterId: card.cardMasterId, componentMasterId: master.id, at: Date.now() });
      highlightTimer.current = window.setTimeout(() => setHighlight(null), PICKER_HIGHLIGHT_MS);
    },
    [cardActions],
  );

  const openLibrary = useCallback((target: CardValue) => setLibraryCard(target.cardMasterId), []);
  const renderCard = (card: CardValue, index: number, inGrid: boolean, onNaturalHeight?: (cardMasterId: number, px: number) => void) => (
    <BoardCard
      card={card}
      index={index}
      count={cards.length}
      masters={masters}
      filters={filters}
      canEditBoard={permissions.canEditBoard}
      editMode={permissions.editMode}
      actions={cardActions}
      onOpenLibrary={openLibrary}
      highlight={highlight && highlight.cardMasterId === card.cardMasterId ? { componentMasterId: highlight.componentMasterId } : null}
      inGrid={inGrid}
      onNaturalHeight={onNaturalHeight}
    />
  );

  const activeBoard = typeof active === 'number' ? boards.find((b) => b.boardMasterId === active) : undefined;

  // No board to show: the section has none (or `default`, the static section, has nothing behind it yet).
  const noBoard = active === null || (active === 'default' && (boards.length === 0 || isNotFound(page?.error)));

  let body: ReactNode;
  if (noBoard) {
    body = (
      <Result
        className="tb-empty-section"
        status="info"
        icon={<SettingOutlined />}
        title="No boards exist for this section"
        subTitle={permissions.canManageBoards ? 'Create a board to start building this page.' : 'Ask your administrator to share a board with you.'}
        extra={
          permissions.canManageBoards && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setManageOpen(true)}>
              New Board
            </Button>
          )
        }
      />
    );
  } else if (page?.error && !page.page) {
    body = (
      <Result
        status="warning"
        title="This board could not be loaded"
        subTitle={isNotFound(page.error) ? 'It may have been deleted or is no longer shared with you.' : 'Please try again.'}
        extra={<Button onClick={() => void page.mutate()}>Try again</Button>}
      />
    );
  } else if (!page?.page) {
    body = <BoardSkeleton />;
  } else if (cards.length === 0) {
    body = (
      <div className="tb-empty-board">
        <p className="tb-empty-board__title">This board has no cards yet</p>
        {permissions.editMode ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void cardActions.addCard(0)}>
            Add Card
          </Button>
        ) : (
          <p className="tb-muted">{permissions.canEditBoard ? 'Turn on edit mode in your profile menu to add cards.' : ''}</p>
        )}
      </div>
    );
  } else {
    body = <CardGrid cards={cards} editMode={permissions.editMode} renderCard={renderCard} onLayoutSave={(layouts) => void cardActions.saveLayout(layouts)} />;
  }

  return (
    <div className="tb-boards">
      <h1 className="tb-visually-hidden">
        {sectionTitle(sectionName)}
        {board ? `: ${board.boardName}` : ''}
      </h1>
      <SectionHeaderSlot sectionName={sectionName} search={search} />
      <div className="tb-board-head">
        <BoardTabs
          sectionName={sectionName}
          boards={boards}
          active={active}
          search={search}
          showDefaultTab={permissions.displayDefaultTemplates && !noBoard}
          reorderable={permissions.canManageBoards && editModeOn}
          onReorder={(next) => void boardActions.saveOrder(next)}
          renaming={renamingBoard}
          onRename={(b, name) => void boardActions.rename(b, name)}
          onRenameDone={() => setRenamingBoard(null)}
        />
        <div className="tb-board-actions">
          {permissions.editMode && (
            <Tag color="blue" className="tb-edit-tag">
              Editing
            </Tag>
          )}
          {permissions.editMode && page?.page && cards.length > 0 && (
            <Button icon={<PlusOutlined />} onClick={() => void cardActions.addCard(cards.length ? Math.max(...cards.map((c) => c.displayOrder)) + 1 : 0)}>
              <span className="tb-hide-narrow">Add Card</span>
            </Button>
          )}
          {activeBoard && (
            <BoardMenu
              board={activeBoard}
              canManageBoards={permissions.canManageBoards}
              onSetDefault={() => void boardActions.setDefault(activeBoard)}
              onRemoveDefault={() => void boardActions.removeDefault(activeBoard)}
              onRename={() => setRenamingBoard(activeBoard.boardMasterId)}
              onShare={() => setSharing(activeBoard)}
              onCopy={() => commands.copy(activeBoard)}
              onDelete={() => commands.remove(activeBoard)}
            />
          )}
          {!noBoard && <GlobalFilterControl state={globalFilters} />}
          {permissions.canManageBoards && (
            <Button icon={<SettingOutlined />} onClick={() => setManageOpen(true)}>
              <span className="tb-hide-narrow">Manage Boards</span>
            </Button>
          )}
        </div>
      </div>
      <div className="tb-board-body">{body}</div>
      <Suspense fallback={null}>
        {permissions.canManageBoards && manageOpened && (
          <ManageBoardsDialog
            open={manageOpen}
            onClose={() => setManageOpen(false)}
            sectionId={sectionId}
            sectionName={sectionName}
            search={search}
            boards={boards}
            actions={boardActions}
            onShare={setSharing}
            onCopy={commands.copy}
            onDelete={commands.remove}
          />
        )}
        {shareOpened && <ShareBoardDialog board={sharing} onClose={() => setSharing(null)} onChanged={() => void boardActions.reload()} />}
        {commands.copyDialog}
        {permissions.editMode && (
          <ComponentLibrary sectionId={sectionId} card={libraryTarget} onClose={() => setLibraryCard(null)} onPick={(card, master) => void handlePick(card, master)} />
        )}
      </Suspense>
    </div>
  );
}
