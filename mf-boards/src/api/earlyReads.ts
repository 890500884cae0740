import { unstable_serialize, type Key } from 'swr';

/** How long a read started early waits to be taken before it is dropped as stale. */
export const EARLY_READ_TTL_MS = 15_000;

const early = new Map<string, { promise: Promise<unknown>; startedAt: number }>();

/**
 * Starts a read before any component asks for it: when this remote's code loads for the address
 * being opened, the shell is still checking the session and drawing its chrome, and the board's
 * reads can travel meanwhile. The first fetch of the same SWR key takes it (`takeEarlyRead`).
 * Returns the read, for reads that depend on its answer.
 */
export function startEarlyRead<T>(key: Key, read: () => Promise<T>): Promise<T> {
  const id = unstable_serialize(key);
  const started = early.get(id);
  if (started) return started.promise as Promise<T>;
  const promise = read();
  promise.catch(() => undefined);
  early.set(id, { promise, startedAt: Date.now() });
  return promise;
}

/**
 * The fetcher of an SWR key: the read started early for it, if one is there, else `read()`. Taken
 * once. A read that failed (no session yet: the shell sends the page to sign-in) or waited longer
 * than EARLY_READ_TTL_MS is not used; the fetch asks the server again.
 */
export function takeEarlyRead<T>(key: Key, read: () => Promise<T>): Promise<T> {
  const id = unstable_serialize(key);
  const entry = early.get(id);
  early.delete(id);
  if (!entry || Date.now() - entry.startedAt > EARLY_READ_TTL_MS) return read();
  return (entry.promise as Promise<T>).catch(() => read());
}

/** Forgets every early read (tests). */
export function clearEarlyReads(): void {
  early.clear();
}
