import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type TextInputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A large text input in the app's style. */
export function TextInput({ className, ...props }: TextInputProps): ReactNode {
  return <input {...props} className={className ? `tb-input ${className}` : 'tb-input'} />;
}
