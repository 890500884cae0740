// The remote is consumed through remoteEntry.js (./app, ./manifest, renderers); this entry stays empty.
export {};
