import { useTradeboardStore, type ThemeMode } from '@tradeboard/shared/web';

export type { ThemeMode };

/**
 * The light/dark choice, from the shared store (kept locally, default from the system preference).
 * The one place this remote reads it.
 */
export function useThemeMode(): ThemeMode {
  return useTradeboardStore((state) => state.theme);
}
