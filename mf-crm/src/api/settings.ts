import useSWR, { mutate } from 'swr';
import {
  DATA_MANAGER_CALLS,
  formUserDefinedMetaAdd,
  formUserDefinedMetaDelete,
  formUserDefinedMetaList,
  formUserDefinedMetaUpdate,
  udfMetaList,
  udfValuesUpdate,
  type DataItem,
  type DataItemAddRequest,
  type DataManagerType,
  type UdfFieldValue,
  type UdfMeta,
  type UdfMetaAddRequest,
  type UdfRecordValues,
  type UdfTable,
} from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';

export type { DataItem, DataManagerType, UdfFieldValue, UdfMeta, UdfRecordValues, UdfTable };
export type DataItemDraft = DataItemAddRequest;

/** Every reference-data and field read's SWR key starts with this: a write revalidates them all. */
const SETTINGS_KEY = 'crm-settings';

const callsOf = (type: DataManagerType) => DATA_MANAGER_CALLS.find((calls) => calls.type === type)!;

export function useDataItems(type: DataManagerType) {
  // The calls are built per list, so their results are typed here once.
  return useSWR([SETTINGS_KEY, 'items', type], () => api.call(callsOf(type).list, { body: { includeInactive: true } }) as Promise<{ rows: DataItem[] }>);
}

/** Revalidates the lists, and the CRM reads that show their items (activity types, opportunity lookups, fields). */
export function refreshSettings(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('crm-'));
}

export const addDataItem = (type: DataManagerType, draft: DataItemDraft) => api.call(callsOf(type).add, { body: draft });
export const updateDataItem = (item: DataItem, draft: DataItemDraft) =>
  api.call(callsOf(item.dataType as DataManagerType).update, { params: { id: item.id }, body: Object.assign({ version: item.version }, draft) });
export const canDelete = (type: DataManagerType) => callsOf(type).delete !== undefined;
export const deleteDataItem = (item: DataItem) => api.call(callsOf(item.dataType as DataManagerType).delete!, { params: { id: item.id } });

// ---------------------------------------------------------------- user-defined fields

export function useFieldDefinitions() {
  return useSWR([SETTINGS_KEY, 'fields'], () => api.call(formUserDefinedMetaList, { body: {} }));
}

export type FieldDraft = Omit<UdfMetaAddRequest, 'dynamicTable' | 'fieldName'>;
export const addField = (dynamicTable: UdfTable, draft: FieldDraft) => api.call(formUserDefinedMetaAdd, { body: { dynamicTable, ...draft } });
export const updateField = (field: UdfMeta, draft: FieldDraft) => api.call(formUserDefinedMetaUpdate, { params: { id: field.id }, body: { ...draft, version: field.version } });
export const deleteField = (field: UdfMeta) => api.call(formUserDefinedMetaDelete, { params: { id: field.id } });

/** The entity's active fields, with the values of the records named (an editor's one, a list's page). */
export function useUserDefinedFields(table: UdfTable, recordIds: readonly string[] = [], company?: string) {
  return useSWR([`crm-udf-${table}`, recordIds.join(','), company ?? ''], () =>
    api.call(udfMetaList, { params: { dynamicTable: table }, body: { ...(recordIds.length ? { recordIds: [...recordIds] } : {}), ...(company ? { company } : {}) } }),
  );
}

export async function saveUserDefinedValues(table: UdfTable, recordId: string, values: UdfFieldValue[], company?: string): Promise<UdfRecordValues | null> {
  if (!values.length) return null;
  const saved = await api.call(udfValuesUpdate, { body: { dynamicTable: table, recordId, values, ...(company ? { company } : {}) } });
  await mutate((key) => Array.isArray(key) && key[0] === `crm-udf-${table}`);
  return saved;
}
