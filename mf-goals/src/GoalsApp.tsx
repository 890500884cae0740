import { lazy, Suspense, type ReactNode } from 'react';
import { App, ConfigProvider, Skeleton, theme } from '@tradeboard/shared/ui';
import { SWRConfig } from 'swr';
import { isUnderRoute, themeTokens, useLocation, useReducedMotion, useTradeboardStore } from '@tradeboard/shared/web';
import { swrConfig } from './api/swrConfig.ts';
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
  const mode = useTradeboardStore((state) => state.theme);
  const reducedMotion = useReducedMotion();
  return (
    <SWRConfig value={swrConfig}>
      <ConfigProvider theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, ...themeTokens(mode, reducedMotion) }}>
        <App component={false}>
          <GoalsStyles />
          <div className="tb-goals-root" data-theme={mode}>
            <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
              <GoalsRoutes />
            </Suspense>
          </div>
        </App>
      </ConfigProvider>
    </SWRConfig>
  );
}
