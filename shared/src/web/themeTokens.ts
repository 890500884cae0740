import type { ThemeMode } from './store.ts';

export const BRAND_PRIMARY = '#2563eb';

/**
 * The shared look for antd's ConfigProvider, as plain data (shared does not depend on antd):
 * `theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, ...themeTokens(mode) }}`.
 */
export function themeTokens(mode: ThemeMode) {
  const dark = mode === 'dark';
  return {
    token: {
      colorPrimary: BRAND_PRIMARY,
      borderRadius: 8,
      fontFamily:
        "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
      ...(dark ? { colorBgLayout: '#0b1220', colorBgContainer: '#111a2b', colorBgElevated: '#172236' } : { colorBgLayout: '#f4f6fb' }),
    },
    components: {
      Layout: dark
        ? { siderBg: '#0f1829', headerBg: '#111a2b', bodyBg: '#0b1220', footerBg: 'transparent' }
        : { siderBg: '#ffffff', headerBg: '#ffffff', bodyBg: '#f4f6fb', footerBg: 'transparent' },
    },
  };
}

/** Marks <html data-theme> so plain CSS (and the pre-paint script) follow the same mode. */
export function applyDocumentTheme(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}
