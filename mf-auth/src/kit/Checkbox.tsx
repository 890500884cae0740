import type { ReactNode } from 'react';

type CheckboxProps = { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode };

/** A native checkbox drawn in the app's style (keyboard and screen readers as usual). */
export function Checkbox({ checked, onChange, children }: CheckboxProps): ReactNode {
  return (
    <label className="tb-checkbox">
      <input type="checkbox" className="tb-checkbox__input" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="tb-checkbox__label">{children}</span>
    </label>
  );
}
