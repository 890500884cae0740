export { ERP_LAYOUTS, ERP_LAYOUT_VERSION, ERP_LOAD_TABLES, layoutFor, type ErpLayout, type ErpLoadTable } from './layouts.ts';
export { csvCell, readExtract, type ExtractFile } from './extract.ts';
export { runErpLoad, type ErpLoadOptions, type ErpLoadResult, type LoadProgress } from './load.ts';
export { readExtractPath } from './extract.ts';
export { writeExtractDir } from './write-extract.ts';
