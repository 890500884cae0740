export * from './database.ts';
export * from './migrate.ts';
