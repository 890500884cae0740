import type { RendererDeclarations } from '@tradeboard/shared/boards';
import type { RemoteManifest } from '@tradeboard/shared/web';
import data from './manifest.json';

/**
 * What the shell needs to know before loading this remote (DESIGN §3), kept as data in
 * manifest.json (the build emits it as dist/manifest.json). Routes: the goals setup and the three
 * manage screens under /settings (the shell gives an address to the longest matching route, so
 * these win over mf-admin's /settings). Renderers: the goal against actual card of the boards.
 */
const manifest: RemoteManifest & { renderers: RendererDeclarations } = data;

export default manifest;
