import type { RemoteManifest } from '@tradeboard/shared/web';
import data from './manifest.json';

/**
 * What the shell needs to know before loading this remote (DESIGN §3), kept as data in
 * manifest.json (the build emits it as dist/manifest.json). Routes: the search page and the map
 * (its route planner at /map/routes). Slots: the command palette the shell's navbar opens, and the
 * section header (jump-to, account/contact/supplier/item headers) the boards remote shows above a board,
 * on the sections slotSections names.
 */
const manifest: RemoteManifest = data;

export default manifest;
