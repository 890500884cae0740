import { useState } from 'react';

/**
 * Whether a dialog or drawer has been open at least once. One that never opened is not mounted at
 * all (nor its code loaded: the kit's Modal and Drawer, the boards' lazy dialogs), so a page draws
 * none of its closed dialogs while it loads; once opened it stays mounted, so it can animate out.
 */
export function useHasOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
