import { getInstance, loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { registerApplication, start, triggerAppChange, type LifeCycles } from 'single-spa';
import { describeError, preloadSession, sendErrorReport, shareRemoteEntries, useTradeboardStore, type RemoteManifest } from '@tradeboard/shared/web';
import { failureLifecycles, remoteFailurePlugin } from './remoteFailurePlugin.ts';
import { outletElement } from './remoteOutlets.ts';
import { ownerOf, useRemoteRegistry, type LoadedRemote, type RemoteEntry } from './remoteRegistry.ts';
import { requestRemoteEntries } from './remotesManifest.ts';


function isManifest(value: unknown): value is RemoteManifest {
  const manifest = value as RemoteManifest | null;
  return !!manifest && typeof manifest.id === 'string' && Array.isArray(manifest.routes);
}

/** The routes /remotes/manifest.json carries for the remote, if any. */
function manifestFromData(entry: RemoteEntry): RemoteManifest | null {
  if (!Array.isArray(entry.routes) || !entry.routes.every((route) => typeof route === 'string')) return null;
  return {
    id: entry.id,
    routes: entry.routes,
    ...(entry.public === true ? { public: true } : {}),
    ...(typeof entry.sidebar === 'string' ? { sidebar: entry.sidebar } : {}),
    ...(entry.slots && typeof entry.slots === 'object' ? { slots: entry.slots } : {}),
  };
}

async function loadManifest(entry: RemoteEntry): Promise<RemoteManifest | null> {
  const data = manifestFromData(entry);
  if (data) return data;
  try {
    const module = await loadRemote<{ default?: unknown }>(`${entry.name}/manifest`);
    const manifest = module?.default ?? module;
    return isManifest(manifest) ? manifest : null;
  } catch (error) {
    // The runtime plugin already reported it; a throw here means the plugin gave no fallback.
    console.error(`Manifest of ${entry.name} could not be loaded`, error);
    return null;
  }
}

function registerRemoteApplication(remote: LoadedRemote, remotes: readonly LoadedRemote[]): void {
  const manifest = remote.manifest;
  if (!manifest) return;
  registerApplication({
    name: remote.name,
    app: async (): Promise<LifeCycles> => {
      const module = await loadRemote<LifeCycles>(`${remote.name}/app`);
      if (!module || typeof (module as LifeCycles).mount !== 'function') return failureLifecycles(remote.name) as unknown as LifeCycles;
      return module;
    },
    // The remote with the most specific route owns the address (/settings/goalsSetup is not /settings's).
    // Public routes (sign-in) run without a session; the rest wait for the signed-in user.
    activeWhen: (location) =>
      ownerOf(remotes, location.pathname) === remote &&
      (manifest.public === true || useTradeboardStore.getState().user !== null),
    customProps: { domElement: outletElement(remote.id), remoteId: remote.id },
  });
}

/**
 * The single-spa root config: read /remotes/manifest.json, register every remote with the
 * Module Federation runtime, take each remote's manifest (from that file when it carries the
 * routes, otherwise from the remote's `./manifest`), register one single-spa application per
 * remote and start. A remote's code (remoteEntry.js, `./app`) loads only when one of its routes
 * becomes active. Nothing about specific remotes is known in advance.
 */
export async function startRootConfig(): Promise<void> {
  const registry = useRemoteRegistry.getState();
  const disabledNames = new Set<string>();
  if (getInstance()) {
    registerPlugins([
      remoteFailurePlugin({
        quiet: (name) => disabledNames.has(name),
        onFailure: (name, error) => useRemoteRegistry.getState().markFailed(name, describeError(error)),
      }),
    ]);
  }

  let entries: RemoteEntry[] = [];
  const request = requestRemoteEntries();
  // The renderer registry reads the same answer instead of asking again.
  shareRemoteEntries(request);
  try {
    entries = await request;
  } catch (error) {
    console.error('The remotes manifest could not be loaded', error);
    void sendErrorReport('Tradeboard remotes manifest could not be loaded', describeError(error), 'remotes-manifest');
  }
  for (const entry of entries) if (!entry.enabled) disabledNames.add(entry.name);
  if (entries.length) registerRemotes(entries.map((entry) => ({ name: entry.name, entry: entry.entry })));

  const remotes = await Promise.all(
    entries.map(async (entry): Promise<LoadedRemote> => {
      // A switched-off remote's app is never loaded; its manifest (pure data) only says which routes explain why.
      // Routes listed in /remotes/manifest.json need no request at all.
      const manifest = await loadManifest(entry);
      const status = !entry.enabled ? 'disabled' : manifest ? 'ready' : 'failed';
      return { id: entry.id, name: entry.name, status, manifest, disabledReason: entry.disabledReason };
    }),
  );
  for (const remote of remotes) if (remote.status === 'ready') registerRemoteApplication(remote, remotes);
  registry.setRemotes(remotes);
  // On a page that needs a session, the session check starts now, and the remote owning the address
  // starts loading meanwhile (its application waits for the signed-in user): its code is there when the user is.
  const opening = ownerOf(remotes, window.location.pathname);
  if (opening?.manifest?.public !== true) preloadSession();
  if (opening?.status === 'ready' && opening.manifest?.public !== true) void loadRemote(`${opening.name}/app`).catch(() => undefined);

  // Re-evaluate activity when the user signs in or out.
  let signedIn = useTradeboardStore.getState().user !== null;
  useTradeboardStore.subscribe((state) => {
    const now = state.user !== null;
    if (now !== signedIn) {
      signedIn = now;
      void triggerAppChange();
    }
  });
  start({ urlRerouteOnly: true });
}
