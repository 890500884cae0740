import { lazy, Suspense, type ReactNode } from 'react';
import { App, ConfigProvider, Skeleton, theme } from '@tradeboard/shared/ui';
import { SWRConfig } from 'swr';
import { isUnderRoute, themeTokens, useLocation, useReducedMotion, useTradeboardStore } from '@tradeboard/shared/web';
import { swrConfig } from './api/swrConfig.ts';
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
  const mode = useTradeboardStore((state) => state.theme);
  const reducedMotion = useReducedMotion();
  return (
    <SWRConfig value={swrConfig}>
      <ConfigProvider theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, ...themeTokens(mode, reducedMotion) }}>
        <App component={false}>
          <CrmStyles />
          <div className="tb-crm-root" data-theme={mode}>
            <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
              <CrmRoutes />
            </Suspense>
          </div>
        </App>
      </ConfigProvider>
    </SWRConfig>
  );
}
