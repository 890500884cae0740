import type { RemoteManifest } from '@tradeboard/shared/web';
import data from './manifest.json';

/**
 * What the shell needs to know before loading this remote (DESIGN §3), kept as data in
 * manifest.json (the build emits it as dist/manifest.json). Routes: the activities and
 * opportunities pages (/crm itself stays the crm section's boards, which the sidebar's CRM entry opens). Slots: the
 * CRM strips above a section's board (an account's "Log activity" and timeline, its contacts and
 * "New contact"; "New contact" on the contacts section), and the activity, opportunity and contact
 * editors as modules any page may open as a slide-over.
 */
const manifest: RemoteManifest = data;

export default manifest;
