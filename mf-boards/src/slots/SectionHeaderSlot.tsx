import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { rendererRegistry } from '@tradeboard/shared/boards';
import { Quietly } from '@tradeboard/shared/web';

export type SectionHeaderProps = { sectionName: string; search: string };

/**
 * What other remotes show above a section's board (their manifest's `sectionHeader` slot, e.g. the
 * accounts remote's jump-to and account header), loaded through the Module Federation runtime:
 * only the remotes that fill it on this section. Nothing when no enabled remote fills the slot.
 */
export function SectionHeaderSlot(props: SectionHeaderProps): ReactNode {
  const { sectionName } = props;
  const loaded = rendererRegistry.loadedSlot<SectionHeaderProps>('sectionHeader', sectionName);
  const [fillers, setFillers] = useState<{ sectionName: string; components: ComponentType<SectionHeaderProps>[] }>();
  useEffect(() => {
    let live = true;
    rendererRegistry.slot<SectionHeaderProps>('sectionHeader', sectionName).then(
      (components) => live && setFillers({ sectionName, components }),
      (error: unknown) => console.error('The section header slot could not be read', error),
    );
    return () => {
      live = false;
    };
  }, [sectionName]);
  const components = loaded ?? (fillers?.sectionName === sectionName ? fillers.components : []);
  if (!components.length) return null;
  return (
    <div className="tb-section-slot">
      {components.map((Filler, index) => (
        <Quietly key={index} what="The section header">
          <Filler {...props} />
        </Quietly>
      ))}
    </div>
  );
}
