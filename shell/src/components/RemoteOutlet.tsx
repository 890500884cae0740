import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { outletElement } from '../root/remoteOutlets.ts';

/** Where a remote's single-spa application shows: its outlet element is moved in here. */
export function RemoteOutlet({ remoteId }: { remoteId: string }): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const host = container.current;
    const element = outletElement(remoteId);
    host?.appendChild(element);
    return () => {
      if (element.parentElement === host) host?.removeChild(element);
    };
  }, [remoteId]);
  return <div ref={container} data-remote-area={remoteId} />;
}
