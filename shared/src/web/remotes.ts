/** One row of /remotes/manifest.json, as far as every reader agrees (each reads the fields it knows). */
export type RemotesManifestRow = { id: string; name: string; entry?: string; enabled?: boolean };

let shared: Promise<readonly RemotesManifestRow[]> | undefined;

/**
 * The shell's one request of /remotes/manifest.json, handed to the code loaded after it (the
 * renderer registry), so a page asks for the manifest once.
 */
export function shareRemoteEntries(request: Promise<readonly RemotesManifestRow[]>): void {
  shared = request;
}

/** The shell's request of /remotes/manifest.json, when it made one. */
export function sharedRemoteEntries(): Promise<readonly RemotesManifestRow[]> | undefined {
  return shared;
}
