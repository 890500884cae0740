import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ConfigProvider, FeedbackRoot, theme } from '@tradeboard/shared/ui';
import { remoteSwrConfig, themeTokens, useReducedMotion, useTradeboardStore } from '@tradeboard/shared/web';

/**
 * `@tradeboard/shared/ui/root`: what every remote drawing with the UI kit puts around its pages —
 * its SWR settings (remoteSwrConfig and the remote's own), antd's theme following the user's mode
 * and reduced motion, the holders of useFeedback()'s messages and dialogs (FeedbackRoot) and a root
 * element carrying the theme.
 * Served by the shell like the kit's other entries.
 */
export function RemoteRoot({ className, swr, children }: { className: string; swr?: SWRConfiguration; children: ReactNode }): ReactNode {
  const mode = useTradeboardStore((state) => state.theme);
  const reducedMotion = useReducedMotion();
  return (
    <SWRConfig value={{ ...remoteSwrConfig, ...swr }}>
      <ConfigProvider theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, ...themeTokens(mode, reducedMotion) }}>
        <FeedbackRoot>
          <div className={className} data-theme={mode}>
            {children}
          </div>
        </FeedbackRoot>
      </ConfigProvider>
    </SWRConfig>
  );
}
