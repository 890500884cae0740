import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { rendererRegistry, type RemoteRow } from '@tradeboard/shared/boards';

const REMOTE_NAME = 'mf_boards';
const registered = new Set<string>();

/**
 * Wires the shared renderer registry to this app's Module Federation runtime: a remote's exposed
 * module is loaded with `loadRemote('<container>/<module>')` after registering the remote's entry
 * (from /remotes/manifest.json) once. This remote's own renderers load locally.
 */
export function configureRenderers(): void {
  rendererRegistry.provideLocal(REMOTE_NAME, {
    './notes': () => import('./NotesRenderer.tsx'),
    './documentLinks': () => import('./DocumentLinksRenderer.tsx'),
    './list': () => import('./data/ListRenderer.tsx'),
    './comparison': () => import('./data/ComparisonRenderer.tsx'),
    './summary': () => import('./data/SummaryRenderer.tsx'),
    './analysis': () => import('./data/AnalysisRenderer.tsx'),
    './manifest': () => import('../manifest.ts'),
  });
  rendererRegistry.configure({
    loadRemote: async (remote: RemoteRow, exposed: string) => {
      if (remote.name === REMOTE_NAME && exposed === './manifest') return import('../manifest.ts');
      if (remote.entry && !registered.has(remote.name)) {
        registerRemotes([{ name: remote.name, entry: remote.entry }]);
        registered.add(remote.name);
      }
      return loadRemote(`${remote.name}/${exposed.replace(/^\.\//, '')}`);
    },
  });
}
