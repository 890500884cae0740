import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one cache for components of every props type
const loaded = new Map<string, LazyExoticComponent<ComponentType<any>>>();

/**
 * A remote's exposed component (a manifest's `sidebar` or slot module), loaded once through the
 * Module Federation runtime when first rendered. The failure plugin answers `default: null` for a
 * remote that is down: then it renders nothing.
 */
export function remoteComponent<P>(remoteName: string, exposed: string): LazyExoticComponent<ComponentType<P>> {
  const id = `${remoteName}/${exposed.replace(/^\.\//, '')}`;
  let component = loaded.get(id);
  if (!component) {
    component = lazy(async () => {
      const module = await loadRemote<{ default?: ComponentType<P> | null }>(id);
      return { default: module?.default ?? (() => null) };
    });
    loaded.set(id, component);
  }
  return component;
}
