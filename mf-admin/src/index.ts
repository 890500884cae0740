// The remote is consumed through remoteEntry.js (./app, ./manifest); this entry stays empty.
export {};
