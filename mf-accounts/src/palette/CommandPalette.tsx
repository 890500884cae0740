import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Modal, SearchOutlined, Spin } from '@tradeboard/shared/ui';
import { Input } from '@tradeboard/shared/ui/edit';
import { navigate } from '@tradeboard/shared/web';
import { ResultLink } from '../search/SearchPage.tsx';
import { useSearchAll } from '../search/useSearchAll.ts';
import { AccountsStyles } from '../theme/accountsStyles.tsx';

export type CommandPaletteProps = { open: boolean; onClose: () => void };

/** Results per kind in the palette, and how long after the last keystroke it asks. */
export const PALETTE_LIMIT = 5;
export const PALETTE_DEBOUNCE_MS = 250;

/**
 * The Ctrl/⌘+K palette (the shell's navbar mounts it through the `commandPalette` slot): the full
 * search as you type; arrows move, Enter opens, Escape closes. Enter on no result opens /search.
 */
export default function CommandPalette({ open, onClose }: CommandPaletteProps): ReactNode {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const { groups, loading, text: searched } = useSearchAll(text, PALETTE_LIMIT, PALETTE_DEBOUNCE_MS);
  const flat = useMemo(() => groups.flatMap((group) => group.results), [groups]);
  useEffect(() => setActive(0), [groups]);
  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  const go = (href: string) => {
    onClose();
    navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!flat.length) return;
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : flat.length - 1)) % flat.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = flat[active];
      if (chosen) go(chosen.href);
      else if (text.trim()) go(`/search?${new URLSearchParams({ searchString: text.trim() })}`);
    }
  };

  let index = -1;
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="Search" destroyOnHidden width={640} className="tb-palette">
      <AccountsStyles />
      <Input
        className="tb-palette__input"
        autoFocus
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Customers, ship-tos, prospects, contacts, suppliers, items…"
        aria-label="Search everything"
        role="combobox"
        aria-expanded={flat.length > 0}
        aria-controls="tb-palette-results"
        aria-activedescendant={flat[active] ? `tb-palette-${active}` : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="tb-palette__results" id="tb-palette-results" role="listbox" aria-label="Results" aria-busy={loading}>
        {loading && <Spin size="small" />}
        {!loading && searched && !flat.length && <p className="tb-muted">Nothing matches “{searched}”.</p>}
        {groups
          .filter((group) => group.results.length)
          .map((group) => (
            <div key={group.kind} role="group" aria-label={group.label}>
              <p className="tb-palette__kind">{group.label}</p>
              {group.results.map((result) => {
                index += 1;
                const position = index;
                return (
                  <div key={result.key} id={`tb-palette-${position}`} role="option" aria-selected={position === active} onMouseEnter={() => setActive(position)}>
                    <ResultLink result={result} active={position === active} onChoose={onClose} />
                  </div>
                );
              })}
            </div>
          ))}
      </div>
      <p className="tb-palette__hint">↑ ↓ to move · Enter to open · Esc to close</p>
    </Modal>
  );
}
