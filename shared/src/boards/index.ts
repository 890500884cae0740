export * from './types.ts';
export * from './registry.ts';
export * from './filters.ts';
export * from './componentConfig.ts';
export * from './format.ts';
