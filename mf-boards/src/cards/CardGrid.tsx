import { useCallback, useMemo, useState, type ReactNode } from 'react';
import ReactGridLayout, { type Layout } from 'react-grid-layout';
import type { CardValue } from '../api/types.ts';
import { GRID_COLS, GRID_MARGIN, GRID_ROW_HEIGHT, layoutsToSave, readingOrder, sortCards, toGridLayout } from './gridLayout.ts';
import { useElementWidth, useIsMobile } from './useViewport.ts';

type Props = {
  cards: readonly CardValue[];
  editMode: boolean;
  renderCard: (card: CardValue, index: number, inGrid: boolean, onNaturalHeight?: (cardMasterId: number, px: number) => void) => ReactNode;
  onLayoutSave: (layouts: { cardMasterId: number; x: number; y: number; w: number; h: number }[]) => void;
};

/**
 * The board's cards on react-grid-layout: drag (by the header handle) and resize in edit mode,
 * positions saved per board; each card grows to the height its content needs. At 768 px or less the cards stack full width in reading order and
 * nothing is saved — like grafana/scenes SceneGridLayout; so they do where the width cannot be
 * measured (no layout engine).
 */
export function CardGrid({ cards, editMode, renderCard, onLayoutSave }: Props): ReactNode {
  const mobile = useIsMobile();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  // The height each card's content needs: the grid grows a card to it (never cuts it off).
  const [natural, setNatural] = useState<ReadonlyMap<number, number>>(new Map());
  const onNaturalHeight = useCallback((cardMasterId: number, px: number) => {
    setNatural((current) => (current.get(cardMasterId) === px ? current : new Map(current).set(cardMasterId, px)));
  }, []);
  const layout = useMemo(() => toGridLayout(cards, editMode, natural), [cards, editMode, natural]);
  const ordered = useMemo(() => sortCards(cards), [cards]);
  const indexOf = useMemo(() => new Map(ordered.map((card, index) => [card.cardMasterId, index])), [ordered]);

  const save = (next: Layout) => {
    if (mobile) return;
    const layouts = layoutsToSave(cards, next, layout);
    if (layouts) onLayoutSave(layouts);
  };

  // Until the width is known (measured before the first paint) nothing is laid out: the cards then
  // mount once, in the layout they keep.
  if (width === undefined && !mobile) return <div ref={ref} className="tb-grid" />;
  const stacked = mobile || !width;
  return (
    <div ref={ref} className="tb-grid">
      {stacked ? (
        <div className="tb-stack">
          {(mobile ? readingOrder(cards) : ordered).map((card) => (
            <div key={card.cardMasterId} className="tb-stack__item">
              {renderCard(card, indexOf.get(card.cardMasterId) ?? 0, false)}
            </div>
          ))}
        </div>
      ) : (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID_COLS, rowHeight: GRID_ROW_HEIGHT, margin: GRID_MARGIN, containerPadding: [0, 0] }}
          dragConfig={{ enabled: editMode, handle: '.tb-card__drag', cancel: 'button, input, a, [contenteditable]' }}
          resizeConfig={{ enabled: editMode, handles: ['se'] }}
          onDragStop={(next) => save(next)}
          onResizeStop={(next) => save(next)}
        >
          {ordered.map((card) => (
            <div key={String(card.cardMasterId)} className="tb-grid__item">
              {renderCard(card, indexOf.get(card.cardMasterId) ?? 0, true, onNaturalHeight)}
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
