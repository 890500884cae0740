import type { ReactNode } from 'react';
import { Button, Result } from '@tradeboard/shared/ui';

export const REMOTE_ERROR_TITLE = 'This part of Tradeboard could not be loaded';

/** Shown in a remote's own area when its code could not be loaded; the rest of the app keeps working. */
export function RemoteErrorPanel({ remoteName, onRetry }: { remoteName?: string; onRetry?: () => void }): ReactNode {
  const handleRetry = onRetry ?? (() => window.location.reload());
  return (
    <Result
      status="warning"
      title={REMOTE_ERROR_TITLE}
      subTitle={
        <>
          It may be a network problem or an update in progress. Try again in a moment; the rest of Tradeboard keeps
          working.
          {remoteName ? (
            <span style={{ display: 'block', marginTop: 8, fontSize: 12, color: 'var(--tb-muted)' }}>
              Module: {remoteName}
            </span>
          ) : null}
        </>
      }
      extra={
        <Button type="primary" onClick={handleRetry}>
          Retry
        </Button>
      }
      role="alert"
    />
  );
}
