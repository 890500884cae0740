import type { RemoteManifest } from '@tradeboard/shared/web';

/** What the shell needs to know before loading this remote (DESIGN §3): pure data. */
const manifest: RemoteManifest = {
  id: 'auth',
  // Seed 000 §2: /login and its children, the /logout action, the old /ForgotPassword address.
  routes: ['/login', '/logout', '/ForgotPassword'],
  public: true,
};

export default manifest;
