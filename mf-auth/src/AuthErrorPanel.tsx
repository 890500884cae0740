import type { ReactNode } from 'react';
import { AuthLayout } from './layout/AuthLayout.tsx';
import { Alert } from './kit/Alert.tsx';

/** What the remote shows when it crashes (seed 000 §2 generic error page). */
export function AuthErrorPanel(): ReactNode {
  return (
    <AuthLayout title="Oops! Something went wrong">
      <Alert type="error" title="The error has been reported to our team." />
      <div className="tb-auth__links">
        <a className="tb-link" href="/">
          Click here to go home
        </a>
      </div>
    </AuthLayout>
  );
}
