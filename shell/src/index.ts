import { requestRemoteEntries } from './root/remotesManifest.ts';

// Which remotes exist is asked at once, while the shared libraries below are still loading.
requestRemoteEntries().catch(() => undefined);
// The bootstrap boundary: Module Federation negotiates the shared singletons (react, the UI kit,
// @tradeboard/shared …) before any of them is evaluated.
import('./bootstrap.tsx').catch((error: unknown) => {
  console.error('Tradeboard could not start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Tradeboard could not start. Please reload the page.';
});

// The UI kit's entries only remotes use (their root, tables, editing tools): named here so that this
// build provides them (Module Federation provides only what a build imports) and every app runs
// them on the shell's one antd. The shell never calls these.
export const remoteKitEntries = [
  () => import('@tradeboard/shared/ui/root'),
  () => import('@tradeboard/shared/ui/data'),
  () => import('@tradeboard/shared/ui/edit'),
  () => import('@tradeboard/shared/ui/feedback'),
  () => import('@tradeboard/shared/ui/result'),
  () => import('@tradeboard/shared/ui/select'),
];
