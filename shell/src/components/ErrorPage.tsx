import type { ReactNode } from 'react';
import { Button, Result } from '@tradeboard/shared/ui';
import { AppThemeProvider } from './AppThemeProvider.tsx';

export const ERROR_PAGE_TITLE = 'Oops! Something went wrong';
export const GO_HOME_TEXT = 'Click here to go home';

/** Seed §2 generic error page (loaded by ErrorBoundary when needed: it brings the UI kit). */
export function ErrorPage({ onGoHome }: { onGoHome: () => void }): ReactNode {
  return (
    <AppThemeProvider>
      <div className="tb-center" role="alert">
        <Result
          status="500"
          title={ERROR_PAGE_TITLE}
          subTitle="The error has been reported to our team."
          extra={
            <Button type="primary" onClick={onGoHome}>
              {GO_HOME_TEXT}
            </Button>
          }
        />
      </div>
    </AppThemeProvider>
  );
}
