import { remoteLifecycles } from '@tradeboard/shared/web';
import { AuthApp } from './AuthApp.tsx';
import { AuthErrorPanel } from './AuthErrorPanel.tsx';

/** single-spa lifecycles for the sign-in pages (DESIGN §3: `./app`). */
export const { bootstrap, mount, unmount } = remoteLifecycles(AuthApp, AuthErrorPanel);
