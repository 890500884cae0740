import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { EyeIcon, EyeInvisibleIcon } from './icons.tsx';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> };

/**
 * A password input with a real button as the show/hide toggle, so it can be reached and pressed
 * from the keyboard and is announced with its state.
 */
export function PasswordInput({ className, ...props }: PasswordInputProps): ReactNode {
  const [visible, setVisible] = useState(false);
  return (
    <span className={className ? `tb-input tb-input--affix ${className}` : 'tb-input tb-input--affix'} data-invalid={props['aria-invalid'] ? 'true' : undefined}>
      <input {...props} type={visible ? 'text' : 'password'} />
      <span className="tb-input__suffix">
        <button
          type="button"
          className="tb-auth__reveal"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
        </button>
      </span>
    </span>
  );
}
