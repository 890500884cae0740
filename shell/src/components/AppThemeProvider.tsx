import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from '@tradeboard/shared/ui';
import { applyDocumentTheme, themeTokens, useTradeboardStore } from '@tradeboard/shared/web';

/** antd's ConfigProvider with the shared theme (dark or light algorithm) for a React root. */
export function AppThemeProvider({ children }: { children: ReactNode }): ReactNode {
  const mode = useTradeboardStore((state) => state.theme);
  useEffect(() => applyDocumentTheme(mode), [mode]);
  const theme = useMemo(
    () => ({ algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, ...themeTokens(mode) }),
    [mode],
  );
  return (
    <ConfigProvider theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
