import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { navigate, useLocation } from '@tradeboard/shared/web';
import { ownerOf, useRemoteRegistry } from '../root/remoteRegistry.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { RemoteOutlet } from './RemoteOutlet.tsx';
import { useDocumentTheme } from './useDocumentTheme.ts';
import { VersionPrompt } from './VersionPrompt.tsx';

// The chrome (and with it the UI kit) is not needed on public pages (sign-in): it loads on demand.
const SignedInApp = lazy(() => import('./SignedInApp.tsx').then((module) => ({ default: module.SignedInApp })));

function Booting(): ReactNode {
  return (
    <div className="tb-boot" role="status" aria-label="Loading Tradeboard">
      <div className="tb-boot-mark" />
    </div>
  );
}

/**
 * Decides what the page is: a public remote (no chrome, no UI kit), or the signed-in app. A public
 * remote that failed to load is shown by the signed-in part too: in the chrome when there is a
 * session, as a bare error panel otherwise.
 */
export function App(): ReactNode {
  const { pathname, search } = useLocation();
  const loaded = useRemoteRegistry((state) => state.loaded);
  const remotes = useRemoteRegistry((state) => state.remotes);
  useDocumentTheme();

  useEffect(() => {
    if (pathname === '/' || pathname === '') navigate(`/home${search}`, { replace: true });
  }, [pathname, search]);

  let page: ReactNode;
  if (!loaded || pathname === '/') page = <Booting />;
  else {
    const owner = ownerOf(remotes, pathname);
    if (owner?.manifest?.public && owner.status === 'ready') {
      page = (
        <main className="tb-public" id="main">
          <RemoteOutlet remoteId={owner.id} />
        </main>
      );
    } else {
      page = (
        <Suspense fallback={<Booting />}>
          <SignedInApp pathname={pathname} search={search} owner={owner} />
        </Suspense>
      );
    }
  }

  return (
    <ErrorBoundary>
      {page}
      <VersionPrompt />
    </ErrorBoundary>
  );
}
