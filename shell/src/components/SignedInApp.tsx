import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Spin } from '@tradeboard/shared/ui';
import { SECTION_IDS } from '@tradeboard/shared/constants';
import {
  firstSegment,
  isUnauthorized,
  navigate,
  useSession,
  useSiteMenu,
  useTradeboardStore,
  useUnreadCount,
} from '@tradeboard/shared/web';
import { useRemoteRegistry, type LoadedRemote } from '../root/remoteRegistry.ts';
import { AppLayout } from './AppLayout.tsx';
import { AppThemeProvider } from './AppThemeProvider.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { activeItem, disabledAreaOf, sectionTitle, visibleMenuItems } from './menuItems.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RemoteDisabledPanel } from './RemoteDisabledPanel.tsx';
import { RemoteErrorPanel } from './RemoteErrorPanel.tsx';
import { RemoteOutlet } from './RemoteOutlet.tsx';
import { SectionPlaceholder } from './SectionPlaceholder.tsx';
import { usePageViews } from './usePageViews.ts';

const KNOWN_SECTIONS = new Set(Object.keys(SECTION_IDS).map((name) => name.toLowerCase()));

function Loading({ label }: { label: string }): ReactNode {
  return (
    <div className="tb-center" role="status" aria-label={label}>
      <Spin size="large" />
    </div>
  );
}

/** Replaces the address with /notFound, remembering the one asked for (the error report names it). */
function ToNotFound({ remember }: { remember: (url: string) => void }): ReactNode {
  useEffect(() => {
    remember(window.location.href);
    navigate('/notFound', { replace: true });
  }, [remember]);
  return null;
}

type Props = { pathname: string; search: string; owner: LoadedRemote | undefined };

/**
 * Everything behind the session: the chrome around a remote, a section, or Page Not Found. Loaded
 * lazily with the UI kit, and themed here (public pages carry no antd).
 */
export function SignedInApp(props: Props): ReactNode {
  return (
    <AppThemeProvider>
      <SignedInContent {...props} />
    </AppThemeProvider>
  );
}

function SignedInContent({ pathname, search, owner }: Props): ReactNode {
  const session = useSession();
  const signedIn = !!session.data;
  const menu = useSiteMenu(signedIn);
  useUnreadCount(signedIn);
  const user = useTradeboardStore((state) => state.user);
  const remotes = useRemoteRegistry((state) => state.remotes);
  usePageViews(pathname, search, signedIn);
  // The address an unknown section was asked at, for the Page Not Found report once at /notFound.
  const badUrl = useRef<string | null>(null);
  // One array per menu and user: the sidebar (memoised) redraws only when they change.
  const items = useMemo(() => visibleMenuItems(menu.data ?? [], user), [menu.data, user]);

  // Each navigation asks for the session again (deduplicated within 2 s): modules switched off,
  // settings changed and impersonation reach the page without a reload (issue 25).
  const revalidateSession = session.mutate;
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    void revalidateSession();
  }, [pathname, revalidateSession]);

  const sessionError = session.error;
  useEffect(() => {
    if (!sessionError) return;
    // Seed §8: failing to load the session is logged and redirects to login.
    if (!isUnauthorized(sessionError)) console.error('The session could not be loaded', sessionError);
    navigate('/login', { replace: true });
  }, [sessionError]);

  if (!signedIn) {
    const failed = remotes.filter((remote) => remote.status === 'failed');
    if (sessionError && failed.length) {
      return (
        <main className="tb-center" id="main">
          <RemoteErrorPanel remoteName={failed.map((r) => r.name).join(', ')} />
        </main>
      );
    }
    return <Loading label="Loading your session" />;
  }

  const section = activeItem(items, pathname);
  const segment = firstSegment(pathname).toLowerCase();
  const disabled = disabledAreaOf(user, pathname);
  let content: ReactNode;
  if (disabled) content = <RemoteDisabledPanel reason={disabled.reason} />;
  else if (owner?.status === 'ready') content = <RemoteOutlet remoteId={owner.id} />;
  else if (owner?.status === 'disabled') content = <RemoteDisabledPanel reason={owner.disabledReason} />;
  else if (owner?.status === 'failed') content = <RemoteErrorPanel remoteName={owner.name} />;
  else if (segment === 'notfound') content = <NotFoundPage url={badUrl.current ?? undefined} />;
  else if (section) content = <SectionPlaceholder title={sectionTitle(section)} />;
  else if (KNOWN_SECTIONS.has(segment) && segment !== 'crm') content = <SectionPlaceholder title={sectionTitle({ sectionName: firstSegment(pathname), route: segment })} />;
  else if (!menu.data && !menu.error) content = <Loading label="Loading" />;
  else if (remotes.some((remote) => remote.status === 'failed')) content = <RemoteErrorPanel />;
  // Seed 000 §2: an unknown section (/{sectionName} nobody claims) goes to /notFound; deeper unknown paths
  // show Page Not Found where they are.
  else if (pathname.split('/').filter(Boolean).length === 1) content = <ToNotFound remember={(url) => (badUrl.current = url)} />;
  else content = <NotFoundPage />;

  return (
    <AppLayout items={items}>
      <ErrorBoundary key={pathname}>{content}</ErrorBoundary>
    </AppLayout>
  );
}
