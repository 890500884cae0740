import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { moveItem } from './orderBoards.ts';

const DRAG_THRESHOLD_PX = 5;

type DragState = { pointerId: number; from: number; startX: number; startY: number; dragging: boolean; to: number };

/**
 * Reorders a row of elements by dragging with a mouse, pen or finger (pointer events, so touch at
 * 768 px or less works the same as the mouse on a desktop). `itemSelector` finds the items inside
 * the container, in order. Returns the preview order while dragging.
 */
export function useDragReorder<T>(
  items: readonly T[],
  enabled: boolean,
  onReorder: (next: T[]) => void,
  itemSelector: string,
) {
  const container = useRef<HTMLDivElement>(null);
  const drag = useRef<DragState | null>(null);
  const [preview, setPreview] = useState<{ from: number; to: number } | null>(null);
  const suppressClick = useRef(false);

  const indexAt = useCallback(
    (x: number, y: number): number => {
      const elements = [...(container.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])];
      let best = drag.current?.to ?? 0;
      let bestDistance = Number.POSITIVE_INFINITY;
      elements.forEach((element, index) => {
        const rect = element.getBoundingClientRect();
        const cx = rect.left + rect.width / 2;
        const cy = rect.top + rect.height / 2;
        const distance = Math.abs(cx - x) + Math.abs(cy - y) * 2;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = index;
        }
      });
      return best;
    },
    [itemSelector],
  );

  useEffect(() => {
    const handleMove = (event: PointerEvent) => {
      const state = drag.current;
      if (!state || event.pointerId !== state.pointerId) return;
      if (!state.dragging && Math.hypot(event.clientX - state.startX, event.clientY - state.startY) < DRAG_THRESHOLD_PX) return;
      state.dragging = true;
      event.preventDefault();
      const to = indexAt(event.clientX, event.clientY);
      if (to !== state.to || !preview) {
        state.to = to;
        setPreview({ from: state.from, to });
      }
    };
    const handleUp = (event: PointerEvent) => {
      const state = drag.current;
      if (!state || event.pointerId !== state.pointerId) return;
      drag.current = null;
      setPreview(null);
      if (!state.dragging) return;
      suppressClick.current = true;
      window.setTimeout(() => (suppressClick.current = false), 0);
      if (state.to !== state.from) onReorder(moveItem(items, state.from, state.to));
    };
    window.addEventListener('pointermove', handleMove, { passive: false });
    window.addEventListener('pointerup', handleUp);
    window.addEventListener('pointercancel', handleUp);
    return () => {
      window.removeEventListener('pointermove', handleMove);
      window.removeEventListener('pointerup', handleUp);
      window.removeEventListener('pointercancel', handleUp);
    };
  }, [indexAt, items, onReorder, preview]);

  const startDrag = (index: number) => (event: ReactPointerEvent<HTMLElement>) => {
    if (!enabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, from: index, to: index, startX: event.clientX, startY: event.clientY, dragging: false };
  };

  const ordered = preview ? moveItem(items, preview.from, preview.to) : [...items];
  return {
    container,
    ordered,
    draggingIndex: preview ? preview.to : null,
    startDrag,
    /** Call from the item's click handler: true when the click ended a drag (ignore it). */
    wasDrag: () => suppressClick.current,
  };
}
