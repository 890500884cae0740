import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { rendererRegistry } from '@tradeboard/shared/boards';
import { Quietly } from '@tradeboard/shared/web';

export type SectionHeaderProps = { sectionName: string; search: string };

/**
 * What other remotes show above a section's board (their manifest's `sectionHeader` slot, e.g. the
 * accounts remote's jump-to and account header), loaded through the Module Federation runtime.
 * Nothing when no enabled remote fills the slot.
 */
export function SectionHeaderSlot(props: SectionHeaderProps): ReactNode {
  const [fillers, setFillers] = useState<ComponentType<SectionHeaderProps>[]>(() => rendererRegistry.loadedSlot<SectionHeaderProps>('sectionHeader') ?? []);
  useEffect(() => {
    let live = true;
    rendererRegistry.slot<SectionHeaderProps>('sectionHeader').then(
      (components) => live && setFillers(components),
      (error: unknown) => console.error('The section header slot could not be read', error),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!fillers.length) return null;
  return (
    <div className="tb-section-slot">
      {fillers.map((Filler, index) => (
        <Quietly key={index} what="The section header">
          <Filler {...props} />
        </Quietly>
      ))}
    </div>
  );
}
