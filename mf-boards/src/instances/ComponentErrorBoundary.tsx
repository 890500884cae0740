import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeError, sendErrorReport } from '@tradeboard/shared/web';

type Props = { componentName: string; instanceId: number; children: ReactNode };
type State = { error: Error | null; componentStack: string };

/** Seed §8 component crash: the red "ERROR!" panel with message and expandable details; one error report. */
export class ComponentErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const componentStack = info.componentStack ?? '';
    this.setState({ componentStack });
    const message = error instanceof Error ? error.message : String(error);
    void sendErrorReport(
      `Tradeboard component error: ${this.props.componentName}: ${message}`,
      `Component instance ${this.props.instanceId} (${this.props.componentName}) crashed.\n\n${describeError(error)}\n\nComponent stack:${componentStack}`,
      `component:${this.props.instanceId}:${message}`,
    );
  }

  override render(): ReactNode {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    return <ComponentErrorPanel error={error} componentStack={componentStack} />;
  }
}

export function ComponentErrorPanel({ error, componentStack = '' }: { error: Error; componentStack?: string }): ReactNode {
  return (
    <div className="tb-crash" role="alert">
      <div className="tb-crash__title">ERROR!</div>
      <div className="tb-crash__message">{error.message || 'This component failed to render.'}</div>
      <details className="tb-crash__details">
        <summary>Details</summary>
        <pre>{`${error.name}: ${error.message}\n${error.stack ?? ''}${componentStack ? `\nComponent stack:${componentStack}` : ''}`}</pre>
      </details>
    </div>
  );
}
