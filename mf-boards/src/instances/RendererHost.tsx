import { useEffect, useState, type ReactNode } from 'react';
import { Button, Popconfirm, Skeleton } from '@tradeboard/shared/ui';
import { rendererRegistry, type ComponentRenderer, type ComponentRendererProps } from '@tradeboard/shared/boards';
import { ComponentErrorBoundary, ComponentErrorPanel } from './ComponentErrorBoundary.tsx';

type Resolution = { status: 'loading' } | { status: 'ready'; renderer: ComponentRenderer } | { status: 'missing' } | { status: 'failed'; error: Error };

/** A renderer the registry already holds, as a resolution (drawn in the first render); null while unknown. */
function loadedResolution(key: string): Resolution | null {
  const renderer = rendererRegistry.loaded(key);
  if (renderer === undefined) return null;
  return renderer ? { status: 'ready', renderer } : { status: 'missing' };
}

function sameResolution(a: Resolution, b: Resolution): boolean {
  if (a.status === 'ready' && b.status === 'ready') return a.renderer === b.renderer;
  return a.status === b.status && a.status !== 'failed';
}

export function useRenderer(key: string): Resolution {
  const [state, setState] = useState<{ key: string; resolution: Resolution }>(() => ({ key, resolution: loadedResolution(key) ?? { status: 'loading' } }));
  useEffect(() => {
    let live = true;
    // Always asked (the registry answers a loaded key at once): the key may have loaded between the
    // render and this effect. An answer the state already holds changes nothing.
    const settle = (resolution: Resolution) =>
      live && setState((previous) => (previous.key === key && sameResolution(previous.resolution, resolution) ? previous : { key, resolution }));
    rendererRegistry.resolve(key).then(
      (renderer) => settle(renderer ? { status: 'ready', renderer } : { status: 'missing' }),
      (error: unknown) => settle({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  // Another key than the one resolved (the master changed): what the registry holds for it, else loading.
  if (state.key !== key) return loadedResolution(key) ?? { status: 'loading' };
  return state.resolution;
}

/** Seed §8 missing component: "The {name} Component could not be found", Remove for editors. */
export function MissingComponent({ name, onRemove }: { name: string; onRemove?: () => void }): ReactNode {
  return (
    <div className="tb-missing" role="note">
      <span>The {name} Component could not be found</span>
      {onRemove && (
        <Popconfirm title="Are you sure?" description="This component will be removed from the card." okText="Remove" okButtonProps={{ danger: true }} onConfirm={onRemove}>
          <Button size="small" danger>
            Remove
          </Button>
        </Popconfirm>
      )}
    </div>
  );
}

type Props = ComponentRendererProps & { rendererKey: string; onRemove?: () => void };

/** Resolves the master's renderer through the registry and renders it inside the crash boundary. */
export function RendererHost({ rendererKey, onRemove, ...props }: Props): ReactNode {
  const resolution = useRenderer(rendererKey);
  const name = props.master.displayName;
  switch (resolution.status) {
    case 'loading':
      return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
    case 'missing':
      return <MissingComponent name={name} onRemove={onRemove} />;
    case 'failed':
      return <ComponentErrorPanel error={resolution.error} />;
    case 'ready': {
      const Renderer = resolution.renderer;
      return (
        <ComponentErrorBoundary componentName={name} instanceId={props.instance.componentInstanceId}>
          <Renderer {...props} />
        </ComponentErrorBoundary>
      );
    }
  }
}
