export * from './test-browser.ts';
export * from './test-db.ts';
export * from './test-services.ts';
