import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { ownerOf, useRemoteRegistry } from '../root/remoteRegistry.ts';

export type SectionSidebarProps = { sectionName: string; route: string; onNavigate?: () => void };

const loaded = new Map<string, LazyExoticComponent<ComponentType<SectionSidebarProps>>>();

/** The remote's sidebar module, loaded once through the Module Federation runtime. */
function sidebarModule(remoteName: string, exposed: string) {
  const id = `${remoteName}/${exposed.replace(/^\.\//, '')}`;
  let component = loaded.get(id);
  if (!component) {
    component = lazy(async () => {
      const module = await loadRemote<{ default?: ComponentType<SectionSidebarProps> | null }>(id);
      // The failure plugin answers `default: null` for a remote that is down: show nothing.
      return { default: module?.default ?? (() => null) };
    });
    loaded.set(id, component);
  }
  return component;
}

/** A sidebar extension that fails shows nothing: the sidebar keeps working without it. */
class Quietly extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.error('The section sidebar could not be shown', error);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * What the remote owning a section shows under it in the sidebar (its manifest's `sidebar` module,
 * e.g. the section's boards). Nothing when no ready remote declares one.
 */
export function SectionSidebar(props: SectionSidebarProps): ReactNode {
  const owner = useRemoteRegistry((state) => ownerOf(state.remotes, `/${props.route}`));
  const exposed = owner?.status === 'ready' ? owner.manifest?.sidebar : undefined;
  if (!owner || !exposed) return null;
  const Sidebar = sidebarModule(owner.name, exposed);
  return (
    <Quietly key={`${owner.name}:${exposed}`}>
      <Suspense fallback={null}>
        <Sidebar {...props} />
      </Suspense>
    </Quietly>
  );
}

/** Whether the remote owning a route declares a sidebar module. */
export function useHasSectionSidebar(route: string | undefined): boolean {
  return useRemoteRegistry((state) => {
    const owner = route ? ownerOf(state.remotes, `/${route}`) : undefined;
    return owner?.status === 'ready' && !!owner.manifest?.sidebar;
  });
}
