// The remote is consumed through remoteEntry.js (./app, ./manifest, slot modules); this entry stays empty.
export {};
