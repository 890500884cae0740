/**
 * `table[key]` for a key a caller chose (a groupBy, a column name, a setting): the table's own
 * entries only. Indexing a plain object also answers its inherited members — `constructor`,
 * `toString`, `__proto__` — which would pass for a known key and fail later, as a 500.
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
