export { generateErpData, DEFAULT_SEED, ERP_TABLES, LINES_PER_SCALE } from './generate.ts';
export type { GenerateErpOptions, GenerateErpResult } from './generate.ts';
