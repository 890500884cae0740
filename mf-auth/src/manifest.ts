import type { RemoteManifest } from '@tradeboard/shared/web';
import data from './manifest.json';

/**
 * What the shell needs to know before loading this remote (DESIGN §3): pure data. It lives in
 * manifest.json — seed 000 §2: /login and its children, the /logout action, the old
 * /ForgotPassword address — so the build can also emit it as dist/manifest.json and the gateway
 * can put it into /remotes/manifest.json (the shell then never loads remoteEntry.js just to learn
 * the routes). This module is the exposed `./manifest`, for remotes served from elsewhere.
 */
const manifest: RemoteManifest = data;

export default manifest;
