import type { ReactNode } from 'react';
import ReactGridLayout from 'react-grid-layout';
import { GRID_COLS, GRID_MARGIN, GRID_ROW_HEIGHT, type GridItem } from './gridLayout.ts';

type Props = { width: number; layout: GridItem[]; onSave: (next: readonly Pick<GridItem, 'i' | 'x' | 'y' | 'w' | 'h'>[]) => void; children: ReactNode };

/** The board's cards in edit mode (CardGrid): react-grid-layout, drag by the header handle and resize. */
export function EditableGrid({ width, layout, onSave, children }: Props): ReactNode {
  return (
    <ReactGridLayout
      width={width}
      layout={layout}
      gridConfig={{ cols: GRID_COLS, rowHeight: GRID_ROW_HEIGHT, margin: GRID_MARGIN, containerPadding: [0, 0] }}
      dragConfig={{ enabled: true, handle: '.tb-card__drag', cancel: 'button, input, a, [contenteditable]' }}
      resizeConfig={{ enabled: true, handles: ['se'] }}
      onDragStop={(next) => onSave(next)}
      onResizeStop={(next) => onSave(next)}
    >
      {children}
    </ReactGridLayout>
  );
}
