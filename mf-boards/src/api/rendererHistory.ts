/** localStorage key: the renderer keys each board's page used when this browser last opened it. */
export const RENDERER_HISTORY_KEY = 'tradeboard.boardRenderers';
/** How many boards are remembered (the most recently opened). */
export const RENDERER_HISTORY_SIZE = 50;

/** [board id, renderer keys], the board opened last at the end. */
type Entry = [number, string[]];

function read(): Entry[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RENDERER_HISTORY_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is Entry =>
        Array.isArray(entry) && typeof entry[0] === 'number' && Array.isArray(entry[1]) && entry[1].every((key: unknown) => typeof key === 'string'),
    );
  } catch {
    return [];
  }
}

/**
 * The renderers the board's page used when this browser last opened it (empty for a board not
 * seen, or a history that cannot be read): their code can load while the page is still being read.
 */
export function rememberedRenderers(boardId: number): string[] {
  return read().find(([id]) => id === boardId)?.[1] ?? [];
}

/** Records the renderers of a board's page, keeping the RENDERER_HISTORY_SIZE boards opened last. */
export function rememberRenderers(boardId: number, keys: readonly string[]): void {
  const renderers = [...new Set(keys)];
  const history = read();
  const last = history.at(-1);
  if (last && last[0] === boardId && JSON.stringify(last[1]) === JSON.stringify(renderers)) return;
  const next = [...history.filter(([id]) => id !== boardId), [boardId, renderers] as Entry].slice(-RENDERER_HISTORY_SIZE);
  try {
    localStorage.setItem(RENDERER_HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Storage full or unavailable: the next visit loads the renderers after the page, as before.
  }
}
