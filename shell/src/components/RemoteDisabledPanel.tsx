import type { ReactNode } from 'react';
import { Result } from '@tradeboard/shared/ui';

/** A module an administrator switched off: its routes say so, and why. */
export function RemoteDisabledPanel({ reason }: { reason?: string }): ReactNode {
  return (
    <Result
      status="info"
      title="This part of Tradeboard is switched off"
      subTitle={reason || 'An administrator has turned this module off. Contact your system administrator if you need it.'}
    />
  );
}
