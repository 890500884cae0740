import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@tradeboard/shared/ui';
import { RemoteRoot } from '@tradeboard/shared/ui/root';
import { isUnderRoute, useLocation, useTradeboardStore } from '@tradeboard/shared/web';
import { CrmStyles } from './theme/crmStyles.tsx';

const ActivitiesPage = lazy(() => import('./activities/ActivitiesPage.tsx'));

/** The page for the current address: /crm/activities. */
export function CrmRoutes(): ReactNode {
  const { pathname } = useLocation();
  const signedIn = useTradeboardStore((state) => state.user !== null);
  if (!signedIn) return null;
  if (isUnderRoute(pathname, '/crm/activities')) return <ActivitiesPage />;
  return null;
}

/** The remote's root component. */
export function CrmApp(): ReactNode {
  return (
    <RemoteRoot className="tb-crm-root" swr={{ revalidateOnFocus: false }}>
      <CrmStyles />
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <CrmRoutes />
      </Suspense>
    </RemoteRoot>
  );
}
