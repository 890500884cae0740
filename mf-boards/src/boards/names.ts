/** Seed §5: text inputs replace typographic right apostrophes with plain ones. */
export function plainApostrophes(text: string): string {
  return text.replace(/[\u2019\u2018]/g, "'");
}

/**
 * The name to save after an inline edit, or null when nothing is to be saved (seed 000 §5:
 * empty or unchanged names are not saved; names are trimmed).
 */
export function nameToSave(draft: string, original: string): string | null {
  const name = plainApostrophes(draft).trim();
  if (!name || name === original.trim()) return null;
  return name;
}
