/**
 * Maintenance of the loaded ERP data (seed 001 §7.4 SQLJob and Cache; issue 29): rebuilding the
 * analytics rollups from the erp tables as they stand, and dropping the answer caches. One ERP
 * mirror serves the deployment, so every rebuild covers it whole; the path's id is checked to be
 * the caller's (docs/decisions.md "SQLJob and Cache"). Administrator-only (`erp.load`), audited.
 */
import { Type } from 'typebox';
import { ErrorBody, RowId } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpLoadRun } from './erp-load.ts';

const admin = { service: 'admin', access: 'session' } as const;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** A rebuild starts as a run of the loads' list; 409 while a load or another rebuild runs. */
const rebuildResponse = { 200: ErpLoadRun, ...errors, 409: ErrorBody };
const rebuildSummary = 'Starts a rebuild of the analytics rollups from the ERP tables as they stand (a run of ErpLoad/List, followed with ErpLoad/{runId}; audited); the same rebuild asked for again within a minute answers the run it started';

export const sqlJobRebuildAll = defineContract({
  method: 'POST', path: '/SQLJob/RebuildAll', ...admin,
  summary: rebuildSummary,
  response: rebuildResponse,
});

export const sqlJobRebuildForErp = defineContract({
  method: 'POST', path: '/SQLJob/RebuildForErp/{erpMasterId}', ...admin,
  summary: `${rebuildSummary}, for the ERP definition (1, the one definition today; 404 for another)`,
  params: Type.Object({ erpMasterId: RowId }),
  response: rebuildResponse,
});

export const sqlJobRebuildForServer = defineContract({
  method: 'POST', path: '/SQLJob/RebuildForServer/{ssisConnectionId}', ...admin,
  summary: `${rebuildSummary}, for the data of one of the organization's SQL sources (a ConnectionLocal; 404 for another's)`,
  params: Type.Object({ ssisConnectionId: RowId }),
  response: rebuildResponse,
});

export const sqlJobRebuildForCustomer = defineContract({
  method: 'POST', path: '/SQLJob/RebuildForCustomer/{customerMasterId}/{createLeagcyAlertStep}/{enableJob}', ...admin,
  summary: `${rebuildSummary}, for the caller's organization (404 for another). createLeagcyAlertStep: a failed rebuild is mailed to the site-errors address. enableJob: false only checks the call and answers the latest run without starting one`,
  params: Type.Object({ customerMasterId: RowId, createLeagcyAlertStep: Type.Boolean(), enableJob: Type.Boolean() }),
  response: { ...rebuildResponse, 200: Type.Union([ErpLoadRun, Type.Null()]) },
});

export const cacheCustomerClear = defineContract({
  method: 'GET', path: '/Cache/Customer/Clear/{customerMasterId}', ...admin,
  summary: "Drops the cached answers of the caller's organization on every gateway (the data's revision moves on; 404 for another organization; audited)",
  params: Type.Object({ customerMasterId: RowId }),
  response: { 200: Type.Object({ dataVersion: Type.String({ description: 'The data version answers are now cached under (load id.revision)' }) }), ...errors },
});
