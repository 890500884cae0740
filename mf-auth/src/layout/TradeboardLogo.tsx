import type { ReactNode } from 'react';

/** The Tradeboard mark (rising bars on a rounded tile) and word mark. */
export function TradeboardLogo(): ReactNode {
  return (
    <div className="tb-auth__brand">
      <svg className="tb-auth__mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill="currentColor" />
        <rect x="9" y="21" width="5" height="10" rx="1.5" fill="#fff" opacity="0.7" />
        <rect x="17.5" y="15" width="5" height="16" rx="1.5" fill="#fff" opacity="0.85" />
        <rect x="26" y="9" width="5" height="22" rx="1.5" fill="#fff" />
      </svg>
      <span className="tb-auth__wordmark">Tradeboard</span>
    </div>
  );
}
