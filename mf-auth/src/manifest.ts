/** What the shell needs to know before loading this remote (DESIGN §3): pure data. */
export type AuthManifest = {
  id: 'auth';
  routes: readonly string[];
  public: boolean;
};

const manifest: AuthManifest = {
  id: 'auth',
  routes: ['/login', '/logout', '/ForgotPassword'],
  public: true,
};

export default manifest;
