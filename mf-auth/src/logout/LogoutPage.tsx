import { useEffect, useRef, type ReactNode } from 'react';
import { signOut } from '@tradeboard/shared/web';
import { PATHS } from '../constants.ts';
import { Spinner } from '../kit/Spinner.tsx';
import { AuthLayout } from '../layout/AuthLayout.tsx';
import { forgetHandoff } from '../login/loginHandoff.ts';
import { browser } from '../routing/browser.ts';

/**
 * /logout is an action (seed 000 §2): POST Logout, forget the anti-forgery token and the shared
 * store's session, then a fresh load of the login page.
 */
export function LogoutPage(): ReactNode {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await signOut();
      } catch {
        // Signed out already, or the server is unreachable: the login page is still the right place.
      }
      forgetHandoff();
      browser.assign(PATHS.login);
    })();
  }, []);
  return (
    <AuthLayout title="Signing out">
      <div className="tb-auth__busy" role="status">
        <Spinner />
        <span className="tb-secondary">Signing you out…</span>
      </div>
    </AuthLayout>
  );
}
