import { remoteLifecycles } from '@tradeboard/shared/web';
import { AccountsApp } from './AccountsApp.tsx';

/** single-spa lifecycles for /search and /map (DESIGN §3: `./app`). */
export const { bootstrap, mount, unmount } = remoteLifecycles(AccountsApp);
