/**
 * A small result cache keyed to the data version (erp.data_load's latest load id): entries of
 * an older load are dropped as soon as a newer load is seen, so a new ERP load never serves
 * stale numbers. Least recently used entries go first; concurrent identical questions share
 * one query.
 */
export class ResultCache {
  private version = -1;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries = 2000) {}

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  async get<T>(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit as Promise<T>;
    }
    const pending = compute();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}
