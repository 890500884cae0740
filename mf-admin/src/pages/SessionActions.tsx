import { useEffect, useState, type ReactNode } from 'react';
import { Button, Result, Spin } from '@tradeboard/shared/ui';
import { impersonateApply, impersonateRemove } from '@tradeboard/shared/contracts';
import { api, errorMessage, navigate } from '@tradeboard/shared/web';
import { forgetReads, refreshSession } from '../api/admin.ts';

/**
 * Seed 000 §2 action routes: impersonate/apply/{userMasterId} (view as the user, then /home),
 * impersonate/remove (back to oneself, then the users page), organization/apply (revalidates the
 * session, then /home replacing history).
 */
export default function SessionActions({ pathname }: { pathname: string }): ReactNode {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    const parts = pathname.split('/').filter(Boolean);
    const run = async () => {
      if (parts[0] === 'impersonate' && parts[1] === 'apply' && /^\d+$/.test(parts[2] ?? '')) {
        await api.call(impersonateApply, { params: { userMasterId: Number(parts[2]) } });
        await refreshSession();
        navigate('/home', { replace: true });
      } else if (parts[0] === 'impersonate' && parts[1] === 'remove') {
        await api.call(impersonateRemove);
        await refreshSession();
        navigate('/settings/users', { replace: true });
      } else if (parts[0] === 'organization' && parts[1] === 'apply') {
        // Another organization: nothing read before the switch may show after it.
        await forgetReads();
        await refreshSession();
        navigate('/home', { replace: true });
      } else {
        throw new Error('Page Not Found');
      }
    };
    run().catch((failure: unknown) => !cancelled && setError(errorMessage(failure)));
    return () => {
      cancelled = true;
    };
  }, [pathname]);
  if (error) {
    return (
      <Result
        status="warning"
        title="That did not work"
        subTitle={error}
        extra={<Button onClick={() => navigate('/settings/users')}>Back to users</Button>}
      />
    );
  }
  return (
    <div className="tb-center" role="status" aria-label="Switching view">
      <Spin size="large" />
    </div>
  );
}
