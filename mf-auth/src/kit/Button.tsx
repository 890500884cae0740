import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { LoadingIcon } from './icons.tsx';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'link';
  /** Busy: a spinner before the text, clicks ignored. */
  loading?: boolean;
  /** Red, after a failure. */
  danger?: boolean;
};

/** The sign-in pages' button: primary (large, full width) or a small link-style button. */
export function Button({ variant = 'primary', loading = false, danger = false, className, children, onClick, type = 'button', ...rest }: ButtonProps): ReactNode {
  const classes = ['tb-button', `tb-button--${variant}`];
  if (loading) classes.push('tb-button--loading');
  if (danger) classes.push('tb-button--danger');
  if (className) classes.push(className);
  return (
    <button
      {...rest}
      type={type}
      className={classes.join(' ')}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {loading ? (
        <span className="tb-button__icon">
          <LoadingIcon />
        </span>
      ) : null}
      <span>{children}</span>
    </button>
  );
}
