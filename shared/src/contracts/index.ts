import type { Contract } from './contract.ts';
import * as admin from './admin.ts';
import * as administration from './administration.ts';
import * as analytics from './analytics.ts';
import * as auth from './auth.ts';
import * as boards from './boards.ts';
import * as crmActivities from './crm-activities.ts';
import * as crmContacts from './crm-contacts.ts';
import * as crmUserDefinedFields from './crm-user-defined-fields.ts';
import { dataManagerContracts } from './crm-data-manager.ts';
import { opportunityContracts } from './crm-opportunities.ts';
import * as erpAccountDetail from './erp-account-detail.ts';
import * as erpAccounting from './erp-accounting.ts';
import * as erpAccounts from './erp-accounts.ts';
import * as erpAccountTerms from './erp-account-terms.ts';
import * as erpContacts from './erp-contacts.ts';
import * as erpMap from './erp-map.ts';
import * as erpProspects from './erp-prospects.ts';
import * as erpInventory from './erp-inventory.ts';
import * as erpItems from './erp-items.ts';
import * as erpItemSearch from './erp-item-search.ts';
import * as erpPurchasing from './erp-purchasing.ts';
import * as erpUsage from './erp-usage.ts';
import * as erpService from './erp-service.ts';
import * as erpNotes from './erp-notes.ts';
import * as erpAdjustments from './erp-adjustments.ts';
import * as erpWhiteSpace from './erp-whitespace.ts';
import * as documents from './documents.ts';
import * as filters from './filters.ts';
import { GOAL_CONTRACT_LIST } from './goals.ts';
import * as notifications from './notifications.ts';
import { NOTIFICATION_MASTER_CONTRACT_LIST } from './notifications.ts';
import * as system from './system.ts';
import * as user from './user.ts';
import * as erpLoad from './erp-load.ts';
import * as erpMaintenance from './erp-maintenance.ts';
import * as bulkUsers from './bulk-users.ts';
import * as organizations from './organizations.ts';

export * from './contract.ts';
export * from './common.ts';
export * from './choices.ts';
export * from './admin.ts';
export * from './administration.ts';
export * from './analytics.ts';
export * from './auth.ts';
export * from './boards.ts';
export * from './crm-activities.ts';
export * from './crm-data-manager.ts';
export * from './crm-contacts.ts';
export * from './crm-user-defined-fields.ts';
export * from './crm-opportunities.ts';
export * from './erp-account-detail.ts';
export * from './erp-accounting.ts';
export * from './erp-accounts.ts';
export * from './erp-account-terms.ts';
export * from './erp-contacts.ts';
export * from './erp-map.ts';
export * from './erp-prospects.ts';
export * from './erp-inventory.ts';
export * from './erp-items.ts';
export * from './erp-item-search.ts';
export * from './erp-purchasing.ts';
export * from './erp-usage.ts';
export * from './erp-service.ts';
export * from './erp-notes.ts';
export * from './erp-adjustments.ts';
export * from './erp-whitespace.ts';
export * from './documents.ts';
export * from './filters.ts';
export * from './goals.ts';
export * from './filter-fields.ts';
export * from './notifications.ts';
export * from './system.ts';
export * from './user.ts';
export * from './erp-load.ts';
export * from './erp-maintenance.ts';
export * from './bulk-users.ts';
export * from './organizations.ts';

function contractsOf(module: Record<string, unknown>): Contract[] {
  return Object.values(module).filter(
    (value): value is Contract =>
      typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'service' in value,
  );
}

/** Every call the backend serves, each defined once. */
export const allContracts: readonly Contract[] = [admin, administration, analytics, auth, boards, crmActivities, crmContacts, crmUserDefinedFields, dataManagerContracts, erpAccountDetail, erpAccounting, erpAccounts, erpAccountTerms, erpContacts, erpMap, erpProspects, erpInventory, erpItems, erpItemSearch, erpPurchasing, erpUsage, erpService, erpNotes, erpAdjustments, erpWhiteSpace, documents, filters, notifications, system, user, opportunityContracts, erpLoad, erpMaintenance, bulkUsers, organizations].flatMap(contractsOf).concat(GOAL_CONTRACT_LIST, NOTIFICATION_MASTER_CONTRACT_LIST);
