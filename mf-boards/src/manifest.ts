import type { RemoteManifest } from '@tradeboard/shared/web';
import type { RendererDeclarations } from '@tradeboard/shared/boards';
import data from './manifest.json';

export type BoardsManifest = RemoteManifest & { renderers: RendererDeclarations };

/**
 * What the shell needs to know before loading this remote (DESIGN §3): pure data, kept in
 * manifest.json (the build emits it as dist/manifest.json). Routes: every board section of seed
 * 000 §2 except /settings (the settings layout's). Renderers: the component renderers this remote
 * contributes to the library, renderer key → exposed module.
 */
const manifest: BoardsManifest = data;

export default manifest;
