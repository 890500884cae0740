import type { ReactNode } from 'react';

/** The Tradeboard mark (SVG) with the word mark unless compact. */
export function Logo({ compact = false, size = 28 }: { compact?: boolean; size?: number }): ReactNode {
  return (
    <span className="tb-logo">
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Tradeboard" focusable="false">
        <rect width="32" height="32" rx="8" fill="#2563eb" />
        <path d="M8 22V14M14 22V10M20 22V16M26 22V8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {compact ? null : (
        <span className="tb-logo-text" aria-hidden>
          Tradeboard
        </span>
      )}
    </span>
  );
}
