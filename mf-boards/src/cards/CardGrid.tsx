import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { CardValue } from '../api/types.ts';
import { compactVertically, GRID_COLS, GRID_MARGIN, GRID_ROW_HEIGHT, layoutsToSave, readingOrder, sortCards, toGridLayout, type GridItem } from './gridLayout.ts';
import { useElementWidth, useIsMobile } from './useViewport.ts';

// react-grid-layout (drag and resize) loads with edit mode; read-only boards are placed by StaticGrid.
const EditableGrid = lazy(() => import('./EditableGrid.tsx').then((module) => ({ default: module.EditableGrid })));

type Props = {
  cards: readonly CardValue[];
  editMode: boolean;
  renderCard: (card: CardValue, index: number, inGrid: boolean, onNaturalHeight?: (cardMasterId: number, px: number) => void) => ReactNode;
  onLayoutSave: (layouts: { cardMasterId: number; x: number; y: number; w: number; h: number }[]) => void;
};

/**
 * The board's cards on the 12-column grid: on react-grid-layout in edit mode (drag by the header
 * handle, resize), else where it would place them (StaticGrid),
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

  const save = (next: readonly Pick<GridItem, 'i' | 'x' | 'y' | 'w' | 'h'>[]) => {
    if (mobile) return;
    const layouts = layoutsToSave(cards, next, layout);
    if (layouts) onLayoutSave(layouts);
  };

  // Until the width is known (measured before the first paint) nothing is laid out: the cards then
  // mount once, in the layout they keep.
  if (width === undefined && !mobile) return <div ref={ref} className="tb-grid" />;
  const stacked = mobile || !width;
  const items = ordered.map((card) => (
    <div key={String(card.cardMasterId)} className="tb-grid__item">
      {renderCard(card, indexOf.get(card.cardMasterId) ?? 0, true, onNaturalHeight)}
    </div>
  ));
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
      ) : !editMode ? (
        <StaticGrid width={width} layout={layout} items={items} />
      ) : (
        // No cards until the editing grid is there: a card used meanwhile would be drawn anew in it.
        <Suspense fallback={null}>
          <EditableGrid width={width} layout={layout} onSave={save}>
            {items}
          </EditableGrid>
        </Suspense>
      )}
    </div>
  );
}

/**
 * The read-only grid: each card absolutely placed as react-grid-layout places it (same columns,
 * row height, margins and vertical compaction), without its drag and resize code.
 */
function StaticGrid({ width, layout, items }: { width: number; layout: readonly GridItem[]; items: ReactNode[] }): ReactNode {
  const [marginX, marginY] = GRID_MARGIN;
  const column = (width - marginX * (GRID_COLS - 1)) / GRID_COLS;
  const placed = compactVertically(layout);
  const height = Math.max(0, ...placed.map((item) => (item.y + item.h) * (GRID_ROW_HEIGHT + marginY) - marginY));
  return (
    <div className="tb-grid__static" style={{ height }}>
      {placed.map((item, index) => (
        <div
          key={item.i}
          className="tb-grid__cell"
          style={{
            left: item.x * (column + marginX),
            top: item.y * (GRID_ROW_HEIGHT + marginY),
            width: item.w * column + (item.w - 1) * marginX,
            height: item.h * GRID_ROW_HEIGHT + (item.h - 1) * marginY,
          }}
        >
          {items[index]}
        </div>
      ))}
    </div>
  );
}
