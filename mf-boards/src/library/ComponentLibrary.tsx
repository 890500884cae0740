import { useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { Badge, Drawer, Empty, SearchOutlined, Skeleton, Tag } from '@tradeboard/shared/ui';
import { Input } from '@tradeboard/shared/ui/edit';
import { componentList } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { libraryKey } from '../api/keys.ts';
import type { CardValue, ComponentMasterValue } from '../api/types.ts';
import { useIsMobile } from '../cards/useViewport.ts';
import { filterLibrary, LIBRARY_CHIPS, type LibraryChip } from './filterLibrary.ts';

type Props = {
  sectionId: number;
  /** The card components are added to; null: closed. */
  card: CardValue | null;
  onClose: () => void;
  onPick: (card: CardValue, master: ComponentMasterValue) => void;
};

/** Component Library slide-over (edit mode only): search, chips, cards grouped by category. */
export function ComponentLibrary({ sectionId, card, onClose, onPick }: Props): ReactNode {
  const mobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [chips, setChips] = useState<LibraryChip[]>([]);
  const library = useSWR(card ? libraryKey(sectionId) : null, () => api.call(componentList, { params: { sectionMasterId: sectionId }, query: {} }), {
    revalidateOnFocus: false,
  });
  const groups = useMemo(() => filterLibrary(library.data ?? [], search, chips), [library.data, search, chips]);
  const counts = useMemo(() => {
    const map = new Map<number, number>();
    for (const instance of card?.componentInstances ?? []) map.set(instance.componentMasterId, (map.get(instance.componentMasterId) ?? 0) + 1);
    return map;
  }, [card]);

  const toggleChip = (chip: LibraryChip, on: boolean) => setChips((current) => (on ? [...current, chip] : current.filter((c) => c !== chip)));

  return (
    <Drawer
      open={!!card}
      onClose={onClose}
      title={card ? `Component Library — ${card.cardName}` : 'Component Library'}
      placement="right"
      size={mobile ? '100%' : 440}
      className="tb-library"
      mask={false}
      push={false}
    >
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="search..."
        aria-label="Search components"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="tb-library__chips" role="group" aria-label="Component types">
        {LIBRARY_CHIPS.map((chip) => (
          <Tag.CheckableTag key={chip} checked={chips.includes(chip)} onChange={(on) => toggleChip(chip, on)} aria-pressed={chips.includes(chip)}>
            {chip}
          </Tag.CheckableTag>
        ))}
      </div>
      {library.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : library.error ? (
        <Empty description="The component library could not be loaded." />
      ) : groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No components match your search" />
      ) : (
        groups.map((group) => (
          <section key={group.category} className="tb-library__group" aria-label={group.category}>
            <h3 className="tb-library__category">{group.category}</h3>
            <ul className="tb-library__list">
              {group.masters.map((master) => (
                <li key={master.id}>
                  <button type="button" className="tb-library__item" onClick={() => card && onPick(card, master)} aria-label={`Add ${master.displayName}`}>
                    <span className="tb-library__item-head">
                      <span className="tb-library__item-name">{master.displayName}</span>
                      {counts.get(master.id) ? <Badge count={counts.get(master.id)} color="#16a34a" aria-label={`${counts.get(master.id)} on this card`} /> : null}
                    </span>
                    <span className="tb-library__item-desc">{master.description}</span>
                    <span className="tb-library__item-tags">
                      <Tag>{master.componentType}</Tag>
                      {master.hasKpi && <Tag>KPI</Tag>}
                      {master.hasVisual && <Tag>Visual</Tag>}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Drawer>
  );
}
