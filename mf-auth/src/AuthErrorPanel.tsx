import type { ReactNode } from 'react';
import { Button, Result } from '@tradeboard/shared/ui';

/** What the remote shows when it crashes (seed 000 §2 generic error page). */
export function AuthErrorPanel(): ReactNode {
  return (
    <Result
      status="error"
      title="Oops! Something went wrong"
      extra={
        <Button type="primary" href="/">
          Click here to go home
        </Button>
      }
    />
  );
}
