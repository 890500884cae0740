import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Quietly, useHasOpened } from '@tradeboard/shared/web';

// The kit's components whose code is in an entry of its own (ui/result, ui/feedback), loaded with
// the first one a page draws.

/**
 * A component loaded with the first one drawn, its words (`Text`: in antd's own markup, so the kit's
 * styles apply) shown at once, and kept if the network that failed the page fails its code too.
 */
export function textFirst<P extends object>(what: string, load: () => Promise<ComponentType<P>>, Text: (props: P) => ReactNode): (props: P) => ReactNode {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function TextFirst(props: P): ReactNode {
    const text = <Text {...props} />;
    return (
      <Quietly what={what} fallback={text}>
        <Suspense fallback={text}>
          <Loaded {...props} />
        </Suspense>
      </Quietly>
    );
  };
}

/** A Modal or Drawer loaded when it first opens: a closed one draws nothing. */
export function untilOpened<P extends { open?: boolean }>(what: string, load: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function UntilOpened(props: P): ReactNode {
    const opened = useHasOpened(props.open === true);
    return (
      opened && (
        <Quietly what={what}>
          <Suspense fallback={null}>
            <Loaded {...props} />
          </Suspense>
        </Quietly>
      )
    );
  };
}
