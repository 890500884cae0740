import { Suspense, type ReactNode } from 'react';
import { Quietly } from '@tradeboard/shared/web';
import { ownerOf, useRemoteRegistry } from '../root/remoteRegistry.ts';
import { remoteComponent } from './remoteModule.tsx';

export type SectionSidebarProps = { sectionName: string; route: string; onNavigate?: () => void };

/**
 * What the remote owning a section shows under it in the sidebar (its manifest's `sidebar` module,
 * e.g. the section's boards). Nothing when no ready remote declares one.
 */
export function SectionSidebar(props: SectionSidebarProps): ReactNode {
  const owner = useRemoteRegistry((state) => ownerOf(state.remotes, `/${props.route}`));
  const exposed = owner?.status === 'ready' ? owner.manifest?.sidebar : undefined;
  if (!owner || !exposed) return null;
  const Sidebar = remoteComponent<SectionSidebarProps>(owner.name, exposed);
  return (
    <Quietly key={`${owner.name}:${exposed}`} what="The section sidebar">
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
