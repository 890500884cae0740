import type { ReactNode } from 'react';

/** A large busy indicator (four dots turning, like the app's). Decorative: the caller says what is busy. */
export function Spinner(): ReactNode {
  return (
    <span className="tb-spinner" aria-hidden="true">
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}
