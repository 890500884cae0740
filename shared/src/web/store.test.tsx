import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFERENCES_STORAGE_KEY, systemTheme, useTradeboardStore } from './store.ts';
import type { UserResultValue } from './types.ts';

const user = { userMasterId: 7, fullName: 'Avery Admin', settings: [], toggles: [] } as unknown as UserResultValue;

function persisted(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}').state ?? {};
}

describe('the shared store', () => {
  beforeEach(() => {
    localStorage.clear();
    useTradeboardStore.setState({ theme: 'light', sidebarMode: 'full', editMode: false, user: null, siteMenu: [], unreadCount: 0 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('persists theme, sidebar mode and edit mode in localStorage', () => {
    const store = useTradeboardStore.getState();
    store.setTheme('dark');
    store.toggleSidebarMode();
    store.setEditMode(true);
    expect(persisted()).toEqual({ theme: 'dark', sidebarMode: 'mini', editMode: true });
  });

  it('never persists the session, menu or unread count', () => {
    const store = useTradeboardStore.getState();
    store.setUser(user);
    store.setSiteMenu([{ id: 1, sectionName: 'Home', route: 'home', menuIcon: 'home' }]);
    store.setUnreadCount(4);
    const saved = persisted();
    expect(saved).not.toHaveProperty('user');
    expect(saved).not.toHaveProperty('siteMenu');
    expect(saved).not.toHaveProperty('unreadCount');
  });

  it('restores the remembered preferences', async () => {
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ state: { theme: 'dark', sidebarMode: 'mini', editMode: true }, version: 1 }),
    );
    await useTradeboardStore.persist.rehydrate();
    const { theme, sidebarMode, editMode } = useTradeboardStore.getState();
    expect({ theme, sidebarMode, editMode }).toEqual({ theme: 'dark', sidebarMode: 'mini', editMode: true });
  });

  it('clears the session but keeps preferences on sign-out', () => {
    const store = useTradeboardStore.getState();
    store.setTheme('dark');
    store.setUser(user);
    store.setUnreadCount(2);
    store.clearSession();
    const state = useTradeboardStore.getState();
    expect(state.user).toBeNull();
    expect(state.unreadCount).toBe(0);
    expect(state.theme).toBe('dark');
  });

  it('defaults the theme to the system preference and the sidebar to full', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('dark'), media: query }));
    expect(systemTheme()).toBe('dark');
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    expect(systemTheme()).toBe('light');
    expect(useTradeboardStore.getInitialState().sidebarMode).toBe('full');
    expect(useTradeboardStore.getInitialState().editMode).toBe(false);
  });
});
