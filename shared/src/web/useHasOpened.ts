import { useState } from 'react';

/**
 * Whether a dialog has been open at least once. A dialog that never opened is not mounted at all, so
 * a board page draws none of its closed dialogs while it loads; once opened it stays mounted, so it
 * can animate out.
 */
export function useHasOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
