import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@tradeboard/shared/ui';
import { RemoteRoot } from '@tradeboard/shared/ui/root';
import { isUnderRoute, useLocation, useTradeboardStore } from '@tradeboard/shared/web';
import { AccountsStyles } from './theme/accountsStyles.tsx';

const SearchPage = lazy(() => import('./search/SearchPage.tsx'));
// Leaflet and the boundary set are heavy: the map's code loads only on /map.
const MapPage = lazy(() => import('./map/MapPage.tsx'));
// Document detail pages (issue 24): details/invoice|order|quote|purchaseOrder/{number}.
const DetailsPage = lazy(() => import('./details/DetailsPage.tsx'));
// details/item?itemNumber= and details/contract/{jobNumber}.
const ItemPage = lazy(() => import('./details/ItemPage.tsx'));
const ContractPage = lazy(() => import('./details/ContractPage.tsx'));
// supplier/purchaseList?supplier=&company=.
const PurchaseListPage = lazy(() => import('./supplier/PurchaseListPage.tsx'));

/** The page for the current address: /search, /map, /map/routes, /details/…, /supplier/purchaseList. */
export function AccountsRoutes(): ReactNode {
  const { pathname, search } = useLocation();
  const signedIn = useTradeboardStore((state) => state.user !== null);
  if (!signedIn) return null;
  if (isUnderRoute(pathname, '/search')) return <SearchPage search={search} />;
  if (isUnderRoute(pathname, '/map')) return <MapPage pathname={pathname} search={search} />;
  if (isUnderRoute(pathname, '/details/item')) return <ItemPage search={search} />;
  if (isUnderRoute(pathname, '/details/contract')) return <ContractPage pathname={pathname} search={search} />;
  if (isUnderRoute(pathname, '/details')) return <DetailsPage pathname={pathname} search={search} />;
  if (isUnderRoute(pathname, '/supplier/purchaseList')) return <PurchaseListPage search={search} />;
  return null;
}

/** The remote's root component. */
export function AccountsApp(): ReactNode {
  return (
    <RemoteRoot className="tb-accounts-root" swr={{ revalidateOnFocus: false }}>
      <AccountsStyles />
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <AccountsRoutes />
      </Suspense>
    </RemoteRoot>
  );
}
