import { useMemo, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from '@tradeboard/shared/ui';
import { themeTokens, useReducedMotion, useTradeboardStore } from '@tradeboard/shared/web';

/** What antd's App component gave the chrome: the base text style, without its message/modal hooks (unused). */
function AppBase({ children }: { children: ReactNode }): ReactNode {
  const { token } = antdTheme.useToken();
  return (
    <div
      className="tb-app"
      style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}
    >
      {children}
    </div>
  );
}

/**
 * antd's ConfigProvider with the shared theme (dark or light algorithm), for the parts of the shell
 * that use the UI kit. Those load lazily (the signed-in chrome, error pages, the version prompt),
 * so a public page (sign-in) never downloads antd; the document's own theme follows the store
 * through `useDocumentTheme`.
 */
export function AppThemeProvider({ children }: { children: ReactNode }): ReactNode {
  const mode = useTradeboardStore((state) => state.theme);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(
    () => ({ algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, ...themeTokens(mode, reducedMotion) }),
    [mode, reducedMotion],
  );
  return (
    <ConfigProvider theme={theme}>
      <AppBase>{children}</AppBase>
    </ConfigProvider>
  );
}
