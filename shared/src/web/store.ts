import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SiteMenuItemValue, UserResultValue } from './types.ts';

export type ThemeMode = 'light' | 'dark';
export type SidebarMode = 'full' | 'mini';

export type TradeboardState = {
  /** The GetBySession result (settings and toggles included); null until loaded or after sign-out. */
  user: UserResultValue | null;
  siteMenu: SiteMenuItemValue[];
  unreadCount: number;
  theme: ThemeMode;
  sidebarMode: SidebarMode;
  editMode: boolean;
  setUser: (user: UserResultValue | null) => void;
  setSiteMenu: (siteMenu: SiteMenuItemValue[]) => void;
  setUnreadCount: (count: number) => void;
  setTheme: (theme: ThemeMode) => void;
  setSidebarMode: (mode: SidebarMode) => void;
  toggleSidebarMode: () => void;
  setEditMode: (on: boolean) => void;
  /** Forgets everything that belongs to the signed-in user (kept: theme, sidebar, edit mode). */
  clearSession: () => void;
};

/** localStorage key of the persisted preferences (theme, sidebar mode, edit mode). */
export const PREFERENCES_STORAGE_KEY = 'tradeboard.preferences';

export function systemTheme(): ThemeMode {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'light';
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The one store every app shares (through the Module Federation singleton of @tradeboard/shared/web). */
export const useTradeboardStore = create<TradeboardState>()(
  persist(
    (set) => ({
      user: null,
      siteMenu: [],
      unreadCount: 0,
      theme: systemTheme(),
      sidebarMode: 'full',
      editMode: false,
      setUser: (user) => set({ user }),
      setSiteMenu: (siteMenu) => set({ siteMenu }),
      setUnreadCount: (unreadCount) => set({ unreadCount }),
      setTheme: (theme) => set({ theme }),
      setSidebarMode: (sidebarMode) => set({ sidebarMode }),
      toggleSidebarMode: () => set((state) => ({ sidebarMode: state.sidebarMode === 'full' ? 'mini' : 'full' })),
      setEditMode: (editMode) => set({ editMode }),
      clearSession: () => set({ user: null, siteMenu: [], unreadCount: 0 }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ theme: state.theme, sidebarMode: state.sidebarMode, editMode: state.editMode }),
    },
  ),
);

/** The signed-in user as soon as the session check has put him in the store (never, while signed out). */
export function signedInUser(): Promise<UserResultValue> {
  const user = useTradeboardStore.getState().user;
  if (user) return Promise.resolve(user);
  return new Promise((resolve) => {
    const stop = useTradeboardStore.subscribe((state) => {
      if (!state.user) return;
      stop();
      resolve(state.user);
    });
  });
}
