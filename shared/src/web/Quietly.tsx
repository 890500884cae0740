import { Component, type ReactNode } from 'react';

/**
 * Another remote's module that fails shows nothing, or its `fallback` (logged as `what` … could not
 * be shown): the page around it keeps working (a sidebar extension, a slot such as the section header).
 */
export class Quietly extends Component<{ what: string; fallback?: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.error(`${this.props.what} could not be shown`, error);
  }
  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
