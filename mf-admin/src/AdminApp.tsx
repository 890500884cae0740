import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@tradeboard/shared/ui';
import { RemoteRoot } from '@tradeboard/shared/ui/root';
import { isUnderRoute, useLocation, useTradeboardStore } from '@tradeboard/shared/web';
import { AdminStyles } from './theme/adminStyles.tsx';

const SettingsLayout = lazy(() => import('./pages/SettingsLayout.tsx'));
const SessionActions = lazy(() => import('./pages/SessionActions.tsx'));
const NotificationsPage = lazy(() => import('./pages/NotificationsPage.tsx'));
const NotificationManagementPage = lazy(() => import('./pages/NotificationManagementPage.tsx'));

/** The page for the current address: /settings…, /impersonate/apply/{id}, /impersonate/remove, /organization/apply, /notifications, /notifications/management. */
export function AdminRoutes(): ReactNode {
  const { pathname } = useLocation();
  const signedIn = useTradeboardStore((state) => state.user !== null);
  if (!signedIn) return null;
  if (isUnderRoute(pathname, '/settings')) return <SettingsLayout pathname={pathname} />;
  if (isUnderRoute(pathname, '/notifications/management')) return <NotificationManagementPage />;
  if (isUnderRoute(pathname, '/notifications')) return <NotificationsPage />;
  if (isUnderRoute(pathname, '/impersonate') || isUnderRoute(pathname, '/organization')) return <SessionActions pathname={pathname} />;
  return null;
}

/** The remote's root component. */
export function AdminApp(): ReactNode {
  return (
    <RemoteRoot className="tb-admin-root" swr={{ revalidateOnFocus: false }}>
      <AdminStyles />
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <AdminRoutes />
      </Suspense>
    </RemoteRoot>
  );
}
