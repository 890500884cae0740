import { remoteLifecycles } from '@tradeboard/shared/web';
import { AdminApp } from './AdminApp.tsx';

/** single-spa lifecycles for /settings, /impersonate and /organization (DESIGN §3: `./app`). */
export const { bootstrap, mount, unmount } = remoteLifecycles(AdminApp);
