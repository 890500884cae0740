import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@tradeboard/shared/ui';
import { RemoteRoot } from '@tradeboard/shared/ui/root';
import { isUnderRoute, useLocation, useTradeboardStore } from '@tradeboard/shared/web';
import { GoalsStyles } from './theme/goalsStyles.tsx';
import { MANAGE_ROUTES } from './api/goalKinds.ts';

const SetupPage = lazy(() => import('./setup/SetupPage.tsx'));
const ManagePage = lazy(() => import('./manage/ManagePage.tsx'));

/** The page for the current address: /settings/goalsSetup, /settings/{sales,bookings,activity}Goals/manage. */
export function GoalsRoutes(): ReactNode {
  const { pathname, search } = useLocation();
  const signedIn = useTradeboardStore((state) => state.user !== null);
  if (!signedIn) return null;
  if (isUnderRoute(pathname, '/settings/goalsSetup')) return <SetupPage />;
  const kind = MANAGE_ROUTES.find((route) => isUnderRoute(pathname, route.route));
  if (kind) return <ManagePage kind={kind.kind} search={search} />;
  return null;
}

/** The remote's root component. */
export function GoalsApp(): ReactNode {
  return (
    <RemoteRoot className="tb-goals-root" swr={{ revalidateOnFocus: false }}>
      <GoalsStyles />
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <GoalsRoutes />
      </Suspense>
    </RemoteRoot>
  );
}
