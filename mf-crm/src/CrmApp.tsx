import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@tradeboard/shared/ui';
import { RemoteRoot } from '@tradeboard/shared/ui/root';
import { followInApp, isUnderRoute, useLocation, useTradeboardStore } from '@tradeboard/shared/web';
import { CrmStyles } from './theme/crmStyles.tsx';

const ActivitiesPage = lazy(() => import('./activities/ActivitiesPage.tsx'));
const OpportunitiesPage = lazy(() => import('./opportunities/OpportunitiesPage.tsx'));
const DataManagerPage = lazy(() => import('./settings/DataManagerPage.tsx'));

const DATA_MANAGER = '/settings/dataManager';

const PAGES = [
  { href: '/crm', label: 'CRM board' },
  { href: '/crm/activities', label: 'Activities' },
  { href: '/crm/opportunities', label: 'Opportunities' },
] as const;

/** The CRM pages' links, the current one marked. */
function CrmNav({ pathname }: { pathname: string }): ReactNode {
  return (
    <nav className="tb-crm-nav" aria-label="CRM">
      {PAGES.map((page) => (
        <a key={page.href} href={page.href} onClick={followInApp(page.href)} aria-current={pathname === page.href ? 'page' : undefined}>
          {page.label}
        </a>
      ))}
    </nav>
  );
}

/** The page for the current address: /crm/activities, /crm/opportunities or /settings/dataManager/{dataType}. */
export function CrmRoutes(): ReactNode {
  const { pathname } = useLocation();
  const signedIn = useTradeboardStore((state) => state.user !== null);
  if (!signedIn) return null;
  if (isUnderRoute(pathname, DATA_MANAGER)) {
    const dataType = decodeURIComponent(pathname.slice(DATA_MANAGER.length).split('/').filter(Boolean)[0] ?? 'ActivityType');
    return <DataManagerPage dataType={dataType} />;
  }
  const page = isUnderRoute(pathname, '/crm/activities') ? <ActivitiesPage /> : isUnderRoute(pathname, '/crm/opportunities') ? <OpportunitiesPage /> : null;
  return (
    page && (
      <>
        <CrmNav pathname={pathname} />
        {page}
      </>
    )
  );
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
