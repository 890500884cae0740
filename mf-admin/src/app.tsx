import { remoteLifecycles } from '@tradeboard/shared/web';
import { AdminApp } from './AdminApp.tsx';

/** single-spa lifecycles for /settings, /impersonate, /organization and /notifications (DESIGN §3: `./app`). */
export const { bootstrap, mount, unmount } = remoteLifecycles(AdminApp);
