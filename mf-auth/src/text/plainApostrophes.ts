/** Seed 000 §5: text inputs replace typographic right apostrophes (’) with plain ones. */
export function plainApostrophes(value: string): string {
  return value.replace(/\u2019/g, "'");
}
