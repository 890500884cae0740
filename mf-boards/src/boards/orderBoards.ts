import { sendErrorReport } from '@tradeboard/shared/web';
import type { BoardValue } from '../api/types.ts';

export type ParsedOrder = { ids: number[] } | { corrupt: true; reason: string } | { ids: null };

/** Reads a saved display order (seed §3: a JSON array of board ids). */
export function parseDisplayOrder(displayOrder: string | null | undefined): ParsedOrder {
  if (displayOrder === null || displayOrder === undefined || displayOrder.trim() === '') return { ids: null };
  let value: unknown;
  try {
    value = JSON.parse(displayOrder);
  } catch (error) {
    return { corrupt: true, reason: `not JSON (${(error as Error).message})` };
  }
  if (!Array.isArray(value)) return { corrupt: true, reason: 'not an array' };
  const ids = value.map((item) => (typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item));
  if (!ids.every((id) => Number.isInteger(id) && (id as number) > 0)) return { corrupt: true, reason: 'not a list of board ids' };
  return { ids: ids as number[] };
}

/**
 * The boards in the user's saved order: ids in the saved order first, then any board the order does
 * not name (new or newly shared) in the server's default order. A corrupt saved order is logged
 * (console and the shared error report, once per section and value) and the default order is used
 * (seed 000 §4).
 */
export function orderBoards(boards: readonly BoardValue[], displayOrder: string | null | undefined, sectionId: number): BoardValue[] {
  const parsed = parseDisplayOrder(displayOrder);
  if ('corrupt' in parsed) {
    const message = `The saved board order of section ${sectionId} is corrupt (${parsed.reason}); the default order is used.`;
    console.error(message, displayOrder);
    void sendErrorReport(
      'Tradeboard: corrupt board display order',
      `${message}\n\nSaved value: ${String(displayOrder).slice(0, 2000)}`,
      `board-order:${sectionId}:${displayOrder}`,
    );
    return [...boards];
  }
  if (!parsed.ids) return [...boards];
  const position = new Map(parsed.ids.map((id, index) => [id, index]));
  const known = boards.filter((board) => position.has(board.boardMasterId));
  const rest = boards.filter((board) => !position.has(board.boardMasterId));
  known.sort((a, b) => position.get(a.boardMasterId)! - position.get(b.boardMasterId)!);
  return [...known, ...rest];
}

/** Moves an item from one index to another (a new array). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
  return next;
}
