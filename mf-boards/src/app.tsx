import { remoteLifecycles } from '@tradeboard/shared/web';
import { BoardsApp } from './BoardsApp.tsx';
import { startPageReads } from './api/startPageReads.ts';
import { configureRenderers } from './renderers/configureRenderers.ts';

configureRenderers();
// This code loads as soon as the shell knows the address is ours, before the app mounts.
startPageReads(window.location.pathname, window.location.search);

/** single-spa lifecycles for the section and board pages (DESIGN §3: `./app`). */
export const { bootstrap, mount, unmount } = remoteLifecycles(BoardsApp);
