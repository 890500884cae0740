import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { navigate, reportAppError } from '@tradeboard/shared/web';

// The error page uses the UI kit: it loads only when an error is shown (public pages stay antd-free).
const ErrorPage = lazy(() => import('./ErrorPage.tsx').then((module) => ({ default: module.ErrorPage })));

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
    if (this.state.error) {
      return (
        <Suspense fallback={null}>
          <ErrorPage onGoHome={this.handleGoHome} />
        </Suspense>
      );
    }
    return this.props.children;
  }
}
