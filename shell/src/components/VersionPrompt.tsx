import { lazy, Suspense, type ReactNode } from 'react';
import { useVersionCheck } from './useVersionCheck.ts';

export { VERSION_PROMPT_TITLE } from './versionPromptText.ts';

// The dialog (antd's Modal) loads only when a new version appears: most visits never need it.
const VersionDialog = lazy(() => import('./VersionDialog.tsx').then((module) => ({ default: module.VersionDialog })));

/** The blocking refresh prompt shown when /version.json changes. */
export function VersionPrompt({ intervalMs }: { intervalMs?: number }): ReactNode {
  const { newVersion } = useVersionCheck(intervalMs);
  if (newVersion === null) return null;
  return (
    <Suspense fallback={null}>
      <VersionDialog newVersion={newVersion} />
    </Suspense>
  );
}
