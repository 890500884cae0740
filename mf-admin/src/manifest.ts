import type { RemoteManifest } from '@tradeboard/shared/web';
import data from './manifest.json';

/**
 * What the shell needs to know before loading this remote (DESIGN §3), kept as data in
 * manifest.json (the build emits it as dist/manifest.json). Routes: the /settings layout (other
 * remotes own more specific routes under it: goals, CRM's data manager), impersonate/apply/{id},
 * impersonate/remove, organization/apply, and the notification inbox and management (/notifications…).
 */
const manifest: RemoteManifest = data;

export default manifest;
