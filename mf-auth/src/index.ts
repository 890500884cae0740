// The remote is consumed through remoteEntry.js (./app and ./manifest); this entry stays empty.
export {};
