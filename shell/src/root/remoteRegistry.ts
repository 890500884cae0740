import { create } from 'zustand';
import { isUnderRoute, type RemoteManifest, type RemoteSlots } from '@tradeboard/shared/web';

/** One row of /remotes/manifest.json. */
export type RemoteEntry = {
  id: string;
  name: string;
  entry: string;
  enabled: boolean;
  disabledReason?: string;
  /** The remote's routes as data (a remote the gateway serves itself): no need to load its `./manifest`. */
  routes?: string[];
  public?: boolean;
  sidebar?: string;
  slots?: RemoteSlots;
};

export type RemoteStatus = 'ready' | 'failed' | 'disabled';

export type LoadedRemote = {
  id: string;
  name: string;
  status: RemoteStatus;
  /** The remote's own manifest; null when it could not be loaded. */
  manifest: RemoteManifest | null;
  disabledReason?: string;
  error?: string;
};

type RemoteRegistryState = {
  loaded: boolean;
  remotes: LoadedRemote[];
  setRemotes: (remotes: LoadedRemote[]) => void;
  markFailed: (name: string, error: string) => void;
};

/** The shell's view of the remotes (shell-only state; remotes never read it). */
export const useRemoteRegistry = create<RemoteRegistryState>()((set) => ({
  loaded: false,
  remotes: [],
  setRemotes: (remotes) => set({ loaded: true, remotes }),
  markFailed: (name, error) =>
    set((state) => ({
      remotes: state.remotes.map((remote) => (remote.name === name ? { ...remote, status: 'failed', error } : remote)),
    })),
}));

/** The remote whose manifest claims the path (the longest matching route wins). */
export function ownerOf(remotes: readonly LoadedRemote[], pathname: string): LoadedRemote | undefined {
  let best: { remote: LoadedRemote; length: number } | undefined;
  for (const remote of remotes) {
    for (const route of remote.manifest?.routes ?? []) {
      if (isUnderRoute(pathname, route) && (!best || route.length > best.length)) best = { remote, length: route.length };
    }
  }
  return best?.remote;
}
