import type { AnchorHTMLAttributes, ReactNode } from 'react';

/** A link in the app's link colour. */
export function TextLink({ className, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>): ReactNode {
  return <a {...props} className={className ? `tb-link ${className}` : 'tb-link'} />;
}
