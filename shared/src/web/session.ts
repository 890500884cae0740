import { useEffect } from 'react';
import useSWR, { preload, type SWRConfiguration, type SWRResponse } from 'swr';
import { ApiError } from '@tradeboard/shared/api-client';
import { getBySession, logout, siteMenu, unreadCount } from '@tradeboard/shared/contracts';
import { QUERY_STALE_MS } from '@tradeboard/shared/constants';
import { api, resetAntiforgeryToken } from './api.ts';
import { useTradeboardStore } from './store.ts';
import type { SiteMenuItemValue, UserResultValue } from './types.ts';

/** SWR keys of the session-wide calls, so any app can revalidate them (`mutate(SESSION_KEY)`). */
export const SESSION_KEY = 'User/GetBySession';
export const SITE_MENU_KEY = 'System/SiteMenu';
export const UNREAD_COUNT_KEY = 'Notifications/UnreadCount';

const UNREAD_POLL_MS = 60_000;

const sessionOptions: SWRConfiguration = {
  revalidateOnFocus: false,
  dedupingInterval: 2_000,
  // A 401 is an answer (not signed in), not a failure to retry.
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status === 401),
  errorRetryCount: 2,
};

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

const fetchSession = () => api.call(getBySession);

const fetchSiteMenu = () => api.call(siteMenu);
const fetchUnreadCount = () => api.call(unreadCount).then((result) => result.unreadNotificationsCount);

/**
 * Starts the session check before the signed-in chrome has loaded; useSession takes its answer.
 * Signed in, the user goes to the store at once (the remotes waiting for him start mounting while
 * the chrome loads), and the chrome's own reads start: the site menu and the unread count, taken
 * by useSiteMenu and useUnreadCount. Only for pages that need a session: an answer nobody takes
 * would be used by the next useSession.
 */
export function preloadSession(): void {
  preload(SESSION_KEY, fetchSession).then(
    (user) => {
      useTradeboardStore.getState().setUser(user);
      preload(SITE_MENU_KEY, fetchSiteMenu).catch(() => undefined);
      preload(UNREAD_COUNT_KEY, fetchUnreadCount).catch(() => undefined);
    },
    () => undefined,
  );
}

/** The signed-in user (GetBySession), mirrored into the shared store. */
export function useSession(): SWRResponse<UserResultValue, unknown> {
  const setUser = useTradeboardStore((state) => state.setUser);
  const response = useSWR<UserResultValue>(SESSION_KEY, fetchSession, sessionOptions);
  useEffect(() => {
    if (response.data) setUser(response.data);
    else if (isUnauthorized(response.error)) setUser(null);
  }, [response.data, response.error, setUser]);
  return response;
}

/** The sidebar entries, mirrored into the shared store. */
export function useSiteMenu(enabled = true): SWRResponse<SiteMenuItemValue[], unknown> {
  const setSiteMenu = useTradeboardStore((state) => state.setSiteMenu);
  const response = useSWR<SiteMenuItemValue[]>(enabled ? SITE_MENU_KEY : null, fetchSiteMenu, {
    revalidateOnFocus: false,
    dedupingInterval: QUERY_STALE_MS,
  });
  useEffect(() => {
    if (response.data) setSiteMenu(response.data);
  }, [response.data, setSiteMenu]);
  return response;
}

/** The unread notification count, polled, mirrored into the shared store. */
export function useUnreadCount(enabled = true): SWRResponse<number, unknown> {
  const setUnreadCount = useTradeboardStore((state) => state.setUnreadCount);
  const response = useSWR<number>(
    enabled ? UNREAD_COUNT_KEY : null,
    fetchUnreadCount,
    { refreshInterval: UNREAD_POLL_MS, revalidateOnFocus: true },
  );
  useEffect(() => {
    if (typeof response.data === 'number') setUnreadCount(response.data);
  }, [response.data, setUnreadCount]);
  return response;
}

/** POST Logout, forget the session locally (store, SWR cache, anti-forgery token). */
export async function signOut(clearCache?: () => void): Promise<void> {
  try {
    await api.call(logout);
  } finally {
    resetAntiforgeryToken();
    useTradeboardStore.getState().clearSession();
    clearCache?.();
  }
}
