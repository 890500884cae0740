import '@tradeboard/shared/testing/setupDom';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { preloadSession, useSession, useSiteMenu, useUnreadCount } from './session.ts';
import { useTradeboardStore } from './store.ts';

const user = { userMasterId: 7, fullName: 'Avery Admin', settings: [], toggles: [] };
const menu = [{ id: 1, sectionName: 'Home', route: 'home', menuIcon: 'home' }];

describe('preloadSession', () => {
  beforeEach(() => useTradeboardStore.setState({ user: null, siteMenu: [], unreadCount: 0 }));
  afterEach(() => vi.unstubAllGlobals());

  it('signed in: puts the user in the store and starts the menu and unread count, which the hooks then take', async () => {
    const fetchMock = mockFetch({
      'GET /api/User/GetBySession': () => ({ json: user }),
      'GET /api/System/SiteMenu': () => ({ json: menu }),
      'GET /api/Notifications/UnreadCount': () => ({ json: { unreadNotificationsCount: 3 } }),
    });
    preloadSession();
    await waitFor(() => expect(useTradeboardStore.getState().user).toEqual(user));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/Notifications/UnreadCount')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /api/System/SiteMenu')).toHaveLength(1);
    const { result } = renderHook(() => [useSiteMenu(), useUnreadCount(), useSession()] as const);
    await waitFor(() => expect(result.current[0].data).toEqual(menu));
    await waitFor(() => expect(result.current[1].data).toBe(3));
    await waitFor(() => expect(result.current[2].data).toEqual(user));
    expect(callsTo(fetchMock, 'GET /api/User/GetBySession')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/System/SiteMenu')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/Notifications/UnreadCount')).toHaveLength(1);
  });

  it('not signed in: no user, and nothing else is asked', async () => {
    const fetchMock = mockFetch({ 'GET /api/User/GetBySession': () => ({ status: 401, json: { message: 'No session' } }) });
    preloadSession();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/User/GetBySession')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(useTradeboardStore.getState().user).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
