import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { rendererRegistry, type RemoteRow } from '@tradeboard/shared/boards';
import manifest from '../manifest.ts';

const REMOTE_NAME = 'mf_boards';
const registered = new Set<string>();

/** This remote's own renderer modules (exposed name → loader), loaded without its container. */
const OWN_RENDERERS: Record<string, () => Promise<unknown>> = {
  './notes': () => import('./NotesRenderer.tsx'),
  './documentLinks': () => import('./DocumentLinksRenderer.tsx'),
  './list': () => import('./data/ListRenderer.tsx'),
  './comparison': () => import('./data/ComparisonRenderer.tsx'),
  './summary': () => import('./data/SummaryRenderer.tsx'),
  './analysis': () => import('./data/AnalysisRenderer.tsx'),
  './whiteSpace': () => import('./data/WhiteSpaceRenderer.tsx'),
};

/**
 * Starts downloading the code of the renderers this remote declares among `keys`, at once: the
 * registry can resolve a key only after reading which remote declares it, a few turns of a busy
 * page later. Keys of other remotes' renderers are left to the registry.
 */
export function preloadOwnRenderers(keys: readonly string[]): void {
  const renderers: Record<string, string> = manifest.renderers;
  for (const key of keys) {
    const exposed = Object.hasOwn(renderers, key) ? renderers[key] : undefined;
    if (exposed) OWN_RENDERERS[exposed]?.().catch(() => undefined);
  }
}

/**
 * Wires the shared renderer registry to this app's Module Federation runtime: a remote's exposed
 * module is loaded with `loadRemote('<container>/<module>')` after registering the remote's entry
 * (from /remotes/manifest.json) once. This remote's own renderers load locally.
 */
export function configureRenderers(): void {
  rendererRegistry.provideLocal(REMOTE_NAME, { ...OWN_RENDERERS, './manifest': async () => manifest });
  rendererRegistry.configure({
    loadRemote: async (remote: RemoteRow, exposed: string) => {
      if (remote.name === REMOTE_NAME && exposed === './manifest') return manifest;
      if (remote.entry && !registered.has(remote.name)) {
        registerRemotes([{ name: remote.name, entry: remote.entry }]);
        registered.add(remote.name);
      }
      return loadRemote(`${remote.name}/${exposed.replace(/^\.\//, '')}`);
    },
  });
}
