import { useEffect } from 'react';
import { applyDocumentTheme, useTradeboardStore } from '@tradeboard/shared/web';

/** Keeps <html data-theme> (plain CSS, remotes) in step with the shared light/dark choice. */
export function useDocumentTheme(): void {
  const mode = useTradeboardStore((state) => state.theme);
  useEffect(() => applyDocumentTheme(mode), [mode]);
}
