import type { AriaRole, ReactNode } from 'react';
import { CheckCircleIcon, CloseCircleIcon, ExclamationCircleIcon } from './icons.tsx';

type AlertProps = {
  type: 'error' | 'success' | 'warning';
  title: ReactNode;
  description?: ReactNode;
  role?: AriaRole;
  className?: string;
};

const ICONS = { error: CloseCircleIcon, success: CheckCircleIcon, warning: ExclamationCircleIcon };

/** A coloured message box with its icon. */
export function Alert({ type, title, description, role = 'alert', className }: AlertProps): ReactNode {
  const Icon = ICONS[type];
  const classes = ['tb-alert', `tb-alert--${type}`];
  if (description) classes.push('tb-alert--with-description');
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')} role={role}>
      <span className="tb-alert__icon">
        <Icon />
      </span>
      <div className="tb-alert__content">
        <div className="tb-alert__title">{title}</div>
        {description ? <div className="tb-alert__description">{description}</div> : null}
      </div>
    </div>
  );
}
