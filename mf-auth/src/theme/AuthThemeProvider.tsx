import type { ReactNode } from 'react';
import { ConfigProvider, theme } from '@tradeboard/shared/ui';
import { themeTokens } from '@tradeboard/shared/web';
import { useThemeMode } from './useThemeMode.ts';

/** antd's ConfigProvider with the shared Tradeboard look, following the light/dark choice. */
export function AuthThemeProvider({ children }: { children: ReactNode }): ReactNode {
  const mode = useThemeMode();
  return (
    <ConfigProvider
      theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, ...themeTokens(mode) }}
    >
      {children}
    </ConfigProvider>
  );
}
