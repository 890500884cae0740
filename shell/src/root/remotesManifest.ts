import type { RemoteEntry } from './remoteRegistry.ts';

export const REMOTES_MANIFEST_URL = '/remotes/manifest.json';

let request: Promise<RemoteEntry[]> | undefined;

/**
 * The rows of /remotes/manifest.json, requested once per page. The entry module asks first, so the
 * request runs while the shared libraries load instead of after them.
 */
export function requestRemoteEntries(): Promise<RemoteEntry[]> {
  request ??= fetch(REMOTES_MANIFEST_URL, { cache: 'no-cache' }).then(async (response) => {
    if (!response.ok) throw new Error(`${REMOTES_MANIFEST_URL}: ${response.status} ${response.statusText}`);
    const body = (await response.json()) as { remotes?: RemoteEntry[] };
    return Array.isArray(body.remotes) ? body.remotes : [];
  });
  return request;
}
