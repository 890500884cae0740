import { lazy, Suspense, type ReactNode } from 'react';
import { App, ConfigProvider, Skeleton, theme } from '@tradeboard/shared/ui';
import { SWRConfig } from 'swr';
import { isUnderRoute, themeTokens, useLocation, useReducedMotion, useTradeboardStore } from '@tradeboard/shared/web';
import { swrConfig } from './api/swrConfig.ts';
import { AdminStyles } from './theme/adminStyles.tsx';

const SettingsLayout = lazy(() => import('./pages/SettingsLayout.tsx'));
const SessionActions = lazy(() => import('./pages/SessionActions.tsx'));

/** The page for the current address: /settings…, /impersonate/apply/{id}, /impersonate/remove, /organization/apply. */
export function AdminRoutes(): ReactNode {
  const { pathname } = useLocation();
  const signedIn = useTradeboardStore((state) => state.user !== null);
  if (!signedIn) return null;
  if (isUnderRoute(pathname, '/settings')) return <SettingsLayout pathname={pathname} />;
  if (isUnderRoute(pathname, '/impersonate') || isUnderRoute(pathname, '/organization')) return <SessionActions pathname={pathname} />;
  return null;
}

/** The remote's root component. */
export function AdminApp(): ReactNode {
  const mode = useTradeboardStore((state) => state.theme);
  const reducedMotion = useReducedMotion();
  return (
    <SWRConfig value={swrConfig}>
      <ConfigProvider theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, ...themeTokens(mode, reducedMotion) }}>
        <App component={false}>
          <AdminStyles />
          <div className="tb-admin-root" data-theme={mode}>
            <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
              <AdminRoutes />
            </Suspense>
          </div>
        </App>
      </ConfigProvider>
    </SWRConfig>
  );
}
