import { useSyncExternalStore } from 'react';
import type { ThemeMode } from './store.ts';

export const BRAND_PRIMARY = '#2563eb';

/**
 * The shared look for antd's ConfigProvider, as plain data (shared does not depend on antd):
 * `theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, ...themeTokens(mode, reducedMotion) }}`.
 * With `reducedMotion` (the user's "reduce motion" system setting) antd's menus, dialogs and
 * drawers appear and go at once instead of sliding and fading.
 */
export function themeTokens(mode: ThemeMode, reducedMotion = false) {
  const dark = mode === 'dark';
  return {
    // No CSS generated in the browser: the host page links antd's styles for the UI kit, built
    // once (shared/build/antd-styles.mjs); the tokens below reach them as CSS variables.
    zeroRuntime: true,
    token: {
      motion: !reducedMotion,
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

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the user asked the system for less motion; follows changes of the setting. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  );
}

/** Marks <html data-theme> so plain CSS (and the pre-paint script) follow the same mode. */
export function applyDocumentTheme(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}

/**
 * antd's design tokens for `themeTokens(mode)` that plain-CSS screens use (the sign-in pages carry
 * no antd, yet must look like the rest of the app). Values as antd's `theme.getDesignToken`
 * computes them for our theme; shared/src/ui/designTokens.test.ts keeps them in step.
 */
export const DESIGN_TOKENS = {
  light: {
    colorBgLayout: '#f4f6fb',
    colorBgContainer: '#ffffff',
    colorText: 'rgba(0,0,0,0.88)',
    colorTextSecondary: 'rgba(0,0,0,0.65)',
    colorTextTertiary: 'rgba(0,0,0,0.45)',
    colorTextPlaceholder: 'rgba(0,0,0,0.25)',
    colorBorder: '#d9d9d9',
    colorBorderSecondary: '#f0f0f0',
    colorFillQuaternary: 'rgba(0,0,0,0.02)',
    colorFillTertiary: 'rgba(0,0,0,0.04)',
    colorPrimary: '#2563eb',
    colorPrimaryHover: '#4f8af7',
    colorPrimaryActive: '#1647c4',
    colorPrimaryBorder: '#a3c9ff',
    colorLink: '#1677ff',
    colorLinkHover: '#69b1ff',
    colorLinkActive: '#0958d9',
    colorError: '#ff4d4f',
    colorErrorHover: '#ff7875',
    colorErrorActive: '#d9363e',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorSuccess: '#52c41a',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#faad14',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    controlOutline: 'rgba(5,122,255,0.06)',
    colorErrorOutline: 'rgba(255,38,5,0.06)',
    colorIcon: 'rgba(0,0,0,0.45)',
    colorIconHover: 'rgba(0,0,0,0.88)',
    fontFamilyCode: "'SFMono-Regular', Consolas, 'Liberation Mono', Menlo, Courier, monospace",
  },
  dark: {
    colorBgLayout: '#0b1220',
    colorBgContainer: '#111a2b',
    colorText: 'rgba(255,255,255,0.85)',
    colorTextSecondary: 'rgba(255,255,255,0.65)',
    colorTextTertiary: 'rgba(255,255,255,0.45)',
    colorTextPlaceholder: 'rgba(255,255,255,0.25)',
    colorBorder: '#424242',
    colorBorderSecondary: '#303030',
    colorFillQuaternary: 'rgba(255,255,255,0.04)',
    colorFillTertiary: 'rgba(255,255,255,0.08)',
    colorPrimary: '#2257cb',
    colorPrimaryHover: '#497ee0',
    colorPrimaryActive: '#1f47a0',
    colorPrimaryBorder: '#192c55',
    colorLink: '#1668dc',
    colorLinkHover: '#15417e',
    colorLinkActive: '#1554ad',
    colorError: '#dc4446',
    colorErrorHover: '#e86e6b',
    colorErrorActive: '#ad393a',
    colorErrorBg: '#2c1618',
    colorErrorBorder: '#5b2526',
    colorSuccess: '#49aa19',
    colorSuccessBg: '#162312',
    colorSuccessBorder: '#274916',
    colorWarning: '#d89614',
    colorWarningBg: '#2b2111',
    colorWarningBorder: '#594214',
    controlOutline: 'rgba(57,116,253,0.2)',
    colorErrorOutline: 'rgba(78,17,0,0.44)',
    colorIcon: 'rgba(255,255,255,0.45)',
    colorIconHover: 'rgba(255,255,255,0.85)',
    fontFamilyCode: "'SFMono-Regular', Consolas, 'Liberation Mono', Menlo, Courier, monospace",
  },
} as const;

export type DesignTokenName = keyof (typeof DESIGN_TOKENS)['light'];

/** The design tokens as CSS custom properties (`colorPrimary` → `--tb-color-primary`). */
export function designTokenVariables(mode: ThemeMode): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(DESIGN_TOKENS[mode])) {
    variables[`--tb-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`] = value;
  }
  variables['--tb-font'] = themeTokens(mode).token.fontFamily;
  return variables;
}
