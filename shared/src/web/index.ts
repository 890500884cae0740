export * from './api.ts';
export * from './types.ts';
export * from './store.ts';
export * from './navigation.ts';
export * from './errorReporting.ts';
export * from './access.ts';
export * from './session.ts';
export * from './themeTokens.ts';
