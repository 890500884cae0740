import type { ReactNode } from 'react';
import { Button } from '@tradeboard/shared/ui';
import { navigate } from '@tradeboard/shared/web';

/** While staff view as another user: a bar on every page naming him, with Stop (impersonate/remove). */
export function ImpersonationBar({ viewed }: { viewed: string }): ReactNode {
  return (
    <div className="tb-impersonation" role="status" aria-label="Impersonation">
      <span>
        Viewing as <strong>{viewed}</strong>
      </span>
      <span aria-hidden>—</span>
      <Button size="small" onClick={() => navigate('/impersonate/remove')}>
        Stop
      </Button>
    </div>
  );
}
