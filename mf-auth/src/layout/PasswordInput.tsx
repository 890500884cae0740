import type { ComponentProps, ReactNode } from 'react';
import { Input, EyeInvisibleOutlined, EyeOutlined } from '@tradeboard/shared/ui';

/**
 * antd's password input with a real button as the show/hide toggle, so it can be reached and
 * pressed from the keyboard and is announced with its state.
 */
export function PasswordInput(props: Omit<ComponentProps<typeof Input.Password>, 'iconRender'>): ReactNode {
  return (
    <Input.Password
      {...props}
      iconRender={(visible) => (
        <button
          type="button"
          className="tb-auth__reveal"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
        >
          {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    />
  );
}
