import { memo, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { AppstoreAddOutlined, ArrowDownOutlined, ArrowUpOutlined, Button, DeleteOutlined, DownOutlined, Dropdown, EditOutlined, HolderOutlined, MoreOutlined, PlusOutlined, RightOutlined, useFeedback } from '@tradeboard/shared/ui';
import type { CardValue, ComponentMasterValue, FilterValue } from '../api/types.ts';
import { emptyCardHint } from '../boards/usePermissions.ts';
import { InlineEdit } from '../boards/InlineEdit.tsx';
import { ComponentInstanceView } from '../instances/ComponentInstanceView.tsx';
import type { CardActions } from './useCardActions.ts';

export const EMPTY_CARD_TEXT = 'This card is empty';

type Props = {
  card: CardValue;
  index: number;
  count: number;
  masters: ReadonlyMap<number, ComponentMasterValue>;
  filters: FilterValue[];
  canEditBoard: boolean;
  editMode: boolean;
  actions: CardActions;
  onOpenLibrary: (card: CardValue) => void;
  /** The component just added from the library: pulse and badge (seed §4, 1.5 s). */
  highlight: { componentMasterId: number } | null;
  /** Whether the card sits in the desktop grid (drag handle shown). */
  inGrid: boolean;
  /** Told the height the card needs to show all its content (the grid grows the card to it). */
  onNaturalHeight?: (cardMasterId: number, px: number) => void;
};

/**
 * Reports the height the card needs for everything it holds: its header, its content and the body's
 * padding, whatever height the grid gives it now. Observed, so a table that loads or a chart that
 * draws later grows the card too.
 */
function useNaturalHeight(cardMasterId: number, expanded: boolean, report: Props['onNaturalHeight']) {
  const article = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const card = article.current;
    const inner = content.current;
    if (!report || !card || !inner || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const body = inner.parentElement!;
      const style = getComputedStyle(body);
      const frame = card.offsetHeight - card.clientHeight;
      const header = card.querySelector<HTMLElement>('.tb-card__header')?.offsetHeight ?? 0;
      report(cardMasterId, Math.ceil(header + inner.offsetHeight + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + frame));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [cardMasterId, expanded, report]);
  return { article, content };
}

/**
 * One card: header with name and manage menu, then its component instances. Memoised: a board
 * re-rendering (its filters, the library, a highlight) redraws only the cards whose props changed.
 */
export const BoardCard = memo(function BoardCard(props: Props): ReactNode {
  const { card, index, count, masters, filters, canEditBoard, editMode, actions, onOpenLibrary, highlight, inGrid, onNaturalHeight } = props;
  const { modal } = useFeedback();
  const [renaming, setRenaming] = useState(false);
  const instances = [...card.componentInstances].sort((a, b) => a.displayOrder - b.displayOrder);
  const hint = emptyCardHint(canEditBoard, editMode);
  const { article, content } = useNaturalHeight(card.cardMasterId, card.isExpanded, onNaturalHeight);
  const highlightCount = highlight ? instances.filter((i) => i.componentMasterId === highlight.componentMasterId).length : 0;

  const confirmRemove = () =>
    modal.confirm({
      title: 'Are you sure?',
      content: `The card "${card.cardName}" and its components will be removed.`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: () => actions.removeCard(card),
    });

  return (
    <article
      ref={article}
      className={`tb-card${highlight ? ' tb-card--pulse' : ''}${card.isExpanded ? '' : ' tb-card--collapsed'}`}
      aria-label={card.cardName}
      data-card-id={card.cardMasterId}
    >
      <header className="tb-card__header">
        {editMode && inGrid && (
          <span className="tb-card__drag" title="Drag to move" aria-hidden>
            <HolderOutlined />
          </span>
        )}
        <Button
          type="text"
          size="small"
          className="tb-card__toggle"
          icon={card.isExpanded ? <DownOutlined /> : <RightOutlined />}
          aria-expanded={card.isExpanded}
          aria-label={card.isExpanded ? `Collapse ${card.cardName}` : `Expand ${card.cardName}`}
          onClick={() => void actions.toggleExpanded(card)}
        />
        {renaming ? (
          <InlineEdit value={card.cardName} label="Card name" onSave={(name) => void actions.renameCard(card, name)} onDone={() => setRenaming(false)} />
        ) : editMode ? (
          <h2 className="tb-card__title">
            <button type="button" className="tb-link-button" onClick={() => setRenaming(true)} title="Click to rename">
              {card.cardName}
            </button>
          </h2>
        ) : (
          <h2 className="tb-card__title">{card.cardName}</h2>
        )}
        {highlight && highlightCount > 0 && (
          <span className="tb-card__badge" role="status" aria-label={`${highlightCount} of this component in the card`}>
            {highlightCount}
          </span>
        )}
        <span className="tb-card__spacer" />
        {editMode && (
          <>
            <Button size="small" icon={<AppstoreAddOutlined />} onClick={() => onOpenLibrary(card)} className="tb-card__add-component">
              <span className="tb-hide-narrow">Add Component</span>
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'rename', icon: <EditOutlined />, label: 'Rename', onClick: () => setRenaming(true) },
                  { key: 'above', icon: <PlusOutlined />, label: 'Add Card Above', onClick: () => void actions.addCard(card.displayOrder) },
                  { key: 'below', icon: <PlusOutlined />, label: 'Add Card Below', onClick: () => void actions.addCard(card.displayOrder + 1) },
                  { key: 'up', icon: <ArrowUpOutlined />, label: 'Move Up', disabled: index === 0, onClick: () => void actions.moveCard(card, -1) },
                  { key: 'down', icon: <ArrowDownOutlined />, label: 'Move Down', disabled: index === count - 1, onClick: () => void actions.moveCard(card, 1) },
                  { type: 'divider' },
                  { key: 'remove', icon: <DeleteOutlined />, label: 'Remove Card', danger: true, onClick: confirmRemove },
                ],
              }}
            >
              <Button size="small" type="text" icon={<MoreOutlined />} aria-label={`Card options: ${card.cardName}`} />
            </Dropdown>
          </>
        )}
      </header>
      {card.isExpanded && (
        <div className="tb-card__body">
          <div ref={content} className="tb-card__content">
            {instances.length === 0 ? (
              <div className="tb-card__empty">
                <p className="tb-card__empty-title">{EMPTY_CARD_TEXT}</p>
                {hint ? (
                  <p className="tb-card__hint">{hint}</p>
                ) : (
                  <Button type="dashed" icon={<AppstoreAddOutlined />} onClick={() => onOpenLibrary(card)}>
                    Add a component
                  </Button>
                )}
              </div>
            ) : (
              instances.map((instance, position) => (
                <ComponentInstanceView
                  key={instance.componentInstanceId}
                  card={card}
                  instance={instance}
                  master={masters.get(instance.componentMasterId)}
                  index={position}
                  count={instances.length}
                  filters={filters}
                  editMode={editMode}
                  canEdit={canEditBoard}
                  actions={actions}
                />
              ))
            )}
          </div>
        </div>
      )}
    </article>
  );
});
