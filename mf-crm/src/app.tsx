import { remoteLifecycles } from '@tradeboard/shared/web';
import { CrmApp } from './CrmApp.tsx';

/** single-spa lifecycles for /crm/activities and /crm/opportunities (DESIGN §3: `./app`). */
export const { bootstrap, mount, unmount } = remoteLifecycles(CrmApp);
