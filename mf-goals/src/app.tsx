import { remoteLifecycles } from '@tradeboard/shared/web';
import { GoalsApp } from './GoalsApp.tsx';

/** single-spa lifecycles for the goals setup and manage screens (DESIGN §3: `./app`). */
export const { bootstrap, mount, unmount } = remoteLifecycles(GoalsApp);
