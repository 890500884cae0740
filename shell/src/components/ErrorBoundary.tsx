import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from '@tradeboard/shared/ui';
import { navigate, reportAppError } from '@tradeboard/shared/web';

export const ERROR_PAGE_TITLE = 'Oops! Something went wrong';
export const GO_HOME_TEXT = 'Click here to go home';

/** Seed §2 generic error page. */
export function ErrorPage({ onGoHome }: { onGoHome: () => void }): ReactNode {
  return (
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
  );
}

type Props = { children: ReactNode };
type State = { error: unknown };

/**
 * Seed §8 uncaught page error: an error e-mail and an app error log entry, then
 * 'Oops! Something went wrong' with a way home.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    void reportAppError(error, info.componentStack ?? '');
  }

  private readonly handleGoHome = (): void => {
    navigate('/home');
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (this.state.error) return <ErrorPage onGoHome={this.handleGoHome} />;
    return this.props.children;
  }
}
