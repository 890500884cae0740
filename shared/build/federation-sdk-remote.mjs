// A remote's view of the federation SDK: the two names its bundled runtime imports
// (webpack-bundler-runtime's remotes.js). The full SDK's index keeps every module (script and link
// loaders, the Node loader, snapshots, loggers) in each remote's entry; the host's runtime has them.
export { ENCODE_NAME_PREFIX } from 'federation-sdk-dist/constant.js';
export { decodeName } from 'federation-sdk-dist/utils.js';
