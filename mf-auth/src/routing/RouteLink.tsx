import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '@tradeboard/shared/web';
import { TextLink } from '../kit/TextLink.tsx';

type RouteLinkProps = { to: string; children: ReactNode; className?: string };

/** A real link (open in new tab works) that navigates in place on a plain click. */
export function RouteLink({ to, children, className }: RouteLinkProps): ReactNode {
  const handleClick = (event: MouseEvent<HTMLElement>): void => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <TextLink href={to} onClick={handleClick} className={className}>
      {children}
    </TextLink>
  );
}
