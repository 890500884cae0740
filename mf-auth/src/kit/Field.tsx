import type { ReactNode } from 'react';

type FieldProps = {
  label: string;
  htmlFor: string;
  /** An error under the control (the control should carry aria-invalid). */
  error?: string;
  /** A hint under the control. */
  extra?: ReactNode;
  children: ReactNode;
};

/** A labelled form row: label above, the control, then an error or a hint. */
export function Field({ label, htmlFor, error, extra, children }: FieldProps): ReactNode {
  return (
    <div className={error ? 'tb-field tb-field--error' : 'tb-field'}>
      <label className="tb-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error ? (
        <div className="tb-field__error" id={`${htmlFor}-error`} role="alert">
          {error}
        </div>
      ) : null}
      {extra ? <div className="tb-field__extra">{extra}</div> : null}
    </div>
  );
}
