import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, SearchOutlined } from '@tradeboard/shared/ui';
import { Quietly } from '@tradeboard/shared/web';
import { useRemoteRegistry } from '../root/remoteRegistry.ts';
import { remoteComponent } from './remoteModule.tsx';

export type CommandPaletteProps = { open: boolean; onClose: () => void };

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The ready remote filling the `commandPalette` slot, if any. */
function usePaletteModule(): { remoteName: string; exposed: string } | undefined {
  const remote = useRemoteRegistry((state) => state.remotes.find((r) => r.status === 'ready' && r.manifest?.slots?.commandPalette));
  const exposed = remote?.manifest?.slots?.commandPalette;
  return remote && exposed ? { remoteName: remote.name, exposed } : undefined;
}

/**
 * The navbar's search button and its Ctrl/⌘+K shortcut (anywhere on the page). The palette itself
 * is a remote's module (the `commandPalette` slot): its code loads on the first use, never with
 * the page. No remote filling the slot (switched off): no button, no shortcut.
 */
export function CommandPaletteButton({ compact }: { compact: boolean }): ReactNode {
  const palette = usePaletteModule();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const available = !!palette;

  useEffect(() => {
    if (!available) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [available, show]);

  if (!palette) return null;
  const Palette = remoteComponent<CommandPaletteProps>(palette.remoteName, palette.exposed);
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';
  return (
    <>
      <Button
        className="tb-palette-button"
        icon={<SearchOutlined aria-hidden />}
        onClick={show}
        aria-label="Search accounts, contacts, suppliers and items"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
      >
        {compact ? null : (
          <>
            <span className="tb-palette-button__text">Search…</span>
            <kbd className="tb-palette-button__key">{shortcut}</kbd>
          </>
        )}
      </Button>
      {used && (
        <Quietly what="The search palette">
          <Suspense fallback={null}>
            <Palette open={open} onClose={close} />
          </Suspense>
        </Quietly>
      )}
    </>
  );
}
