import { createHash } from 'node:crypto';
import { remoteEntryUrl, type GatewayConfig } from './config.ts';

/** How long what was learned of a remote origin's entry holds: bounds the gateway's requests however many pages poll. */
export const REMOTE_ENTRY_RECHECK_MS = 5_000;
/** A remote origin slower than this is taken as unchanged for now. */
export const REMOTE_ENTRY_TIMEOUT_MS = 3_000;

export type ServedVersionOptions = {
  fetch?: typeof fetch;
  now?: () => number;
  onError?: (error: unknown, url: string) => void;
};

/**
 * The version /version.json reports. A remote served from another origin is shipped by its own team
 * without the gateway, yet its remoteEntry.js is part of what the pages run: the version also digests
 * what that origin serves now (conditional requests, at most one per remote every
 * REMOTE_ENTRY_RECHECK_MS), so publishing a new build there changes the version and open pages offer
 * a refresh (seed §4 version check). An origin that cannot be reached counts as unchanged.
 */
export function servedVersion(config: Pick<GatewayConfig, 'version' | 'remotes'>, options: ServedVersionOptions = {}): () => Promise<string> {
  const { fetch: fetchEntry = fetch, now = () => performance.now(), onError = () => undefined } = options;
  const entries = config.remotes.filter((remote) => remote.enabled && remote.url).map(remoteEntryUrl);
  if (!entries.length) return async () => config.version;
  const known = new Map<string, { etag: string | null; digest: string }>();

  async function digestOf(url: string): Promise<string> {
    const last = known.get(url);
    try {
      const response = await fetchEntry(url, {
        headers: last?.etag ? { 'if-none-match': last.etag } : {},
        signal: AbortSignal.timeout(REMOTE_ENTRY_TIMEOUT_MS),
      });
      if (response.status === 304 && last) return last.digest;
      if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
      const digest = createHash('sha256').update(new Uint8Array(await response.arrayBuffer())).digest('hex');
      known.set(url, { etag: response.headers.get('etag'), digest });
      return digest;
    } catch (error) {
      onError(error, url);
      return last?.digest ?? '';
    }
  }

  let current: Promise<string> | undefined;
  let checkedAt = -Infinity;
  return () => {
    if (!current || now() - checkedAt >= REMOTE_ENTRY_RECHECK_MS) {
      checkedAt = now();
      current = Promise.all(entries.map(digestOf)).then((digests) =>
        digests.every((digest) => !digest) ? config.version : `${config.version}+${createHash('sha256').update(digests.join('\n')).digest('hex').slice(0, 8)}`,
      );
    }
    return current;
  };
}
