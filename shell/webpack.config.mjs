import { federatedApp } from '@tradeboard/shared/webpack';

// The host: single-spa root config + Module Federation host + app chrome. Remotes are not
// listed here: the shell reads /remotes/manifest.json at start (DESIGN §3).
export default federatedApp({
  dir: import.meta.dirname,
  name: 'tradeboard_shell',
  publicPath: '/',
  title: 'Tradeboard',
  headScripts: ['./src/theme-init.js'],
});
