/**
 * User-defined fields of the CRM (issue 27; seed 001 §7.13 DynamicData, FormTemplate,
 * ExtensibilityDropdown, System/CrmFormOptions, DataManager/Local/CreateLocalCRMColumnForUDF).
 * A field is a row of crm.udf_meta owned by an organization; its values are rows of
 * crm.udf_value keyed by field and record (no table is altered at run time: docs/decisions.md
 * "User-defined fields"). Administrators add, change and remove fields (403 for anyone else);
 * anyone with the entity's access right reads the fields and reads and writes the values of the
 * records in his scope (another rep's record, another organization's field: 404). Every value
 * is checked against its field's type, a 400 naming the field.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import {
  crmFormOptions,
  createLocalCrmColumnForUdf,
  extensibilityDropdownExact,
  extensibilityDropdownFieldNames,
  extensibilityDropdownList,
  formCustomerAssignedEntities,
  formTemplateConfig,
  formTemplateConfigPatch,
  formUserDefinedFieldList,
  formUserDefinedMetaAdd,
  formUserDefinedMetaDelete,
  formUserDefinedMetaList,
  formUserDefinedMetaUpdate,
  INT4_MAX,
  UDF_CHOICES_MAX,
  UDF_FIELD_TYPES,
  UDF_TABLES,
  UDF_TEXT_MAX,
  udfMetaAdd,
  udfMetaById,
  udfMetaFieldList,
  udfMetaList,
  udfMetaUpdate,
  udfValuesInsert,
  udfValuesUpdate,
  type UdfFieldValue,
  type UdfMeta,
  type UdfMetaAddRequest,
  type UdfMetaUpdateRequest,
  type UdfRecordValues,
  type UdfTable,
  type UdfValuesRequest,
} from '@tradeboard/shared/contracts';
import { inTransaction } from '../boards/board-access.ts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { notFound } from '../analytics/account-detail-routes.ts';
import { findContact } from '../analytics/contact-routes.ts';
import { erpCall, type ErpCall } from '../analytics/erp-common.ts';
import { badRequest } from '../analytics/search-request.ts';
import { exactActivity } from './activity-routes.ts';
import { answeringConflicts, CRM_SETTINGS, crmAudit, organizationOf, requiredText, VersionConflict, type CrmRight } from './crm-common.ts';
import { adminCall } from './data-manager-routes.ts';
import { checkedValue } from './user-defined-values.ts';
import { exactOpportunity } from './opportunity-routes.ts';

const RIGHTS: Record<UdfTable, CrmRight> = { Activity: 'ActivityAccessRight', Contact: 'ContactAccessRight', Opportunity: 'OpportunityAccessRight' };

type UdfCall = ErpCall & { organization: number };

/** The caller's call on an entity's fields and values (403 when his role has the entity's right off). */
async function tableCall(app: FastifyInstance, user: SessionUser, table: UdfTable): Promise<UdfCall> {
  const call = await erpCall(app.db, user, [...CRM_SETTINGS, 'PurchaseAccessRight'], RIGHTS[table]);
  return { ...call, organization: await organizationOf(call, user) };
}

/** An administrator's call (403 otherwise), with his organization. */
async function fieldAdminCall(app: FastifyInstance, user: SessionUser): Promise<UdfCall> {
  const call = await adminCall(app, user);
  return { ...call, organization: await organizationOf(call, user) };
}

const SELECT = `SELECT udf_id AS id, dynamic_table AS "dynamicTable", field_name AS "fieldName", label, field_type AS "fieldType", choices,
    is_required AS "isRequired", display_order AS "displayOrder", is_active AS "isActive", version FROM crm.udf_meta`;

async function fieldsOf(call: UdfCall, table: UdfTable | null, includeInactive: boolean): Promise<UdfMeta[]> {
  const { rows } = await call.db.query<UdfMeta>(
    `${SELECT} WHERE customer_master_id = $1 AND ($2::text IS NULL OR dynamic_table = $2) AND ($3 OR is_active) ORDER BY dynamic_table, display_order, lower(label), udf_id`,
    [call.organization, table, includeInactive],
  );
  return rows;
}

/** One field of the caller's organization, or 404. */
async function fieldById(call: UdfCall, id: number, db: Pick<pg.PoolClient, 'query'> = call.db): Promise<UdfMeta> {
  const { rows } = await db.query<UdfMeta>(`${SELECT} WHERE customer_master_id = $1 AND udf_id = $2`, [call.organization, id]);
  if (!rows[0]) throw notFound(`User-defined field ${id} not found`);
  return rows[0];
}

async function fieldByName(call: UdfCall, table: UdfTable, fieldName: string): Promise<UdfMeta> {
  const { rows } = await call.db.query<UdfMeta>(`${SELECT} WHERE customer_master_id = $1 AND dynamic_table = $2 AND field_name = $3`, [call.organization, table, fieldName]);
  if (!rows[0]) throw notFound(`${table} has no user-defined field '${fieldName}'`);
  return rows[0];
}

// ---------------------------------------------------------------- records

const recordNumber = (table: UdfTable, recordId: string): number => {
  const id = /^[1-9]\d{0,9}$/.test(recordId) ? Number(recordId) : NaN;
  if (!(id <= INT4_MAX)) throw notFound(`${table} ${recordId} not found`);
  return id;
};

/** The stored key of a record of the caller's scope (404 otherwise): its number, a contact's 'company/contact'. */
async function recordKey(call: UdfCall, table: UdfTable, recordId: string, company: string | undefined): Promise<string> {
  if (table === 'Activity') return String((await exactActivity(call, recordNumber(table, recordId))).activityTransactionNumber);
  if (table === 'Opportunity') return String((await exactOpportunity(call, recordNumber(table, recordId))).opportunity);
  const contact = await findContact(call, recordId, company);
  return `${contact.company}/${contact.contact}`;
}

type ValueRow = { record_key: string; field_name: string; field_type: string; value_text: string | null; value_number: string | null; value_date: string | null };

const valueOf = (row: ValueRow): string | number | null => (row.field_type === 'Number' ? (row.value_number === null ? null : Number(row.value_number)) : row.field_type === 'Date' ? row.value_date : row.value_text);

/** The values of records (given keys → the ids the caller named them by). */
async function valuesOf(call: UdfCall, table: UdfTable, keys: Map<string, string>, db: Pick<pg.PoolClient, 'query'> = call.db): Promise<UdfRecordValues[]> {
  const { rows } = await db.query<ValueRow>(
    `SELECT v.record_key, m.field_name, m.field_type, v.value_text, v.value_number::text AS value_number, to_char(v.value_date, 'YYYY-MM-DD') AS value_date
       FROM crm.udf_value v JOIN crm.udf_meta m USING (udf_id)
      WHERE m.customer_master_id = $1 AND m.dynamic_table = $2 AND v.record_key = ANY($3) ORDER BY m.display_order, m.udf_id`,
    [call.organization, table, [...keys.keys()]],
  );
  return [...keys].map(([key, recordId]) => ({
    recordId,
    values: rows.filter((row) => row.record_key === key).map((row) => ({ fieldName: row.field_name, value: valueOf(row) })),
  }));
}

/** Writes a record's values (insert: only fields it has no value of, and its required fields all given). */
async function writeValues(call: UdfCall, user: SessionUser, body: UdfValuesRequest, insert: boolean): Promise<UdfRecordValues> {
  const table = body.dynamicTable;
  const key = await recordKey(call, table, body.recordId, body.company);
  const fields = await fieldsOf(call, table, true);
  const seen = new Set<string>();
  const writes = body.values.map(({ fieldName, value }: UdfFieldValue) => {
    if (seen.has(fieldName)) throw badRequest(`Field '${fieldName}' is given twice`);
    seen.add(fieldName);
    const field = fields.find((f) => f.fieldName === fieldName);
    if (!field) throw notFound(`${table} has no user-defined field '${fieldName}'`);
    if (!field.isActive) throw badRequest(`Field '${field.label}' (${fieldName}) is inactive: it takes no values`);
    return { field, stored: checkedValue(field, value) };
  });
  if (insert) {
    const missing = fields.filter((f) => f.isActive && f.isRequired && !seen.has(f.fieldName));
    if (missing[0]) throw badRequest(`'${missing[0].label}' (${missing[0].fieldName}) is required`);
    const { rows } = await call.db.query<{ label: string }>(
      'SELECT m.label FROM crm.udf_value v JOIN crm.udf_meta m USING (udf_id) WHERE v.record_key = $1 AND v.udf_id = ANY($2) LIMIT 1',
      [key, writes.map((w) => w.field.id)],
    );
    if (rows[0]) throw badRequest(`${table} ${body.recordId} already has a value of '${rows[0].label}': update it instead`);
  }
  return inTransaction(call.db, async (client) => {
    for (const { field, stored } of writes) {
      if (!stored) {
        await client.query('DELETE FROM crm.udf_value WHERE udf_id = $1 AND record_key = $2', [field.id, key]);
        continue;
      }
      await client.query(
        `INSERT INTO crm.udf_value (udf_id, record_key, ${stored.column}, updated_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (udf_id, record_key) DO UPDATE SET value_text = EXCLUDED.value_text, value_number = EXCLUDED.value_number, value_date = EXCLUDED.value_date,
           updated_at = now(), updated_by = EXCLUDED.updated_by`,
        [field.id, key, stored.value, user.userMasterId],
      );
    }
    await crmAudit(client, user, `${table}UserDefinedFields`, key, insert ? 'create' : 'update', { values: body.values });
    return (await valuesOf(call, table, new Map([[key, body.recordId]]), client))[0]!;
  });
}

// ---------------------------------------------------------------- fields

/** A label's field name: lower case letters, digits and _, starting with a letter. */
export function fieldNameOf(label: string): string {
  const name = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40);
  return name || 'field';
}

type MetaFields = Omit<UdfMetaUpdateRequest, 'version'>;

function checkedMeta(body: MetaFields) {
  const label = requiredText(body.label, 'label');
  const choices = body.fieldType === 'Choice' ? (body.choices ?? []).map((c) => c.trim()).filter(Boolean) : [];
  if (body.fieldType === 'Choice' && choices.length === 0) throw badRequest(`A Choice field needs its choices (1 to ${UDF_CHOICES_MAX})`);
  const lower = choices.map((c) => c.toLowerCase());
  const twice = choices.find((_, i) => lower.indexOf(lower[i]!) !== i);
  if (twice) throw badRequest(`The choice '${twice}' is given twice`);
  return { label, fieldType: body.fieldType, choices, isRequired: body.isRequired ?? false, displayOrder: body.displayOrder ?? null, isActive: body.isActive ?? true };
}

async function uniqueLabel(call: UdfCall, table: UdfTable, label: string, except: number | null): Promise<void> {
  const { rows } = await call.db.query('SELECT 1 FROM crm.udf_meta WHERE customer_master_id = $1 AND dynamic_table = $2 AND lower(label) = lower($3) AND udf_id IS DISTINCT FROM $4', [
    call.organization,
    table,
    label,
    except,
  ]);
  if (rows[0]) throw badRequest(`${table} already has a field '${label}'`);
}

/** The field name asked for (400 when taken), or the label's made unique. */
async function freeFieldName(call: UdfCall, table: UdfTable, asked: string | undefined, label: string): Promise<string> {
  const { rows } = await call.db.query<{ field_name: string }>('SELECT field_name FROM crm.udf_meta WHERE customer_master_id = $1 AND dynamic_table = $2', [call.organization, table]);
  const taken = new Set(rows.map((r) => r.field_name));
  if (asked) {
    if (taken.has(asked)) throw badRequest(`${table} already has a field named '${asked}'`);
    return asked;
  }
  const base = fieldNameOf(label);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  return name;
}

async function addField(call: UdfCall, user: SessionUser, body: UdfMetaAddRequest): Promise<UdfMeta> {
  const table = body.dynamicTable;
  const fields = checkedMeta(body);
  await uniqueLabel(call, table, fields.label, null);
  const fieldName = await freeFieldName(call, table, body.fieldName, fields.label);
  return inTransaction(call.db, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO crm.udf_meta (customer_master_id, dynamic_table, field_name, label, field_type, choices, is_required, display_order, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, (SELECT coalesce(max(display_order), 0) + 1 FROM crm.udf_meta WHERE customer_master_id = $1 AND dynamic_table = $2)), $9)
       RETURNING udf_id AS id`,
      [call.organization, table, fieldName, fields.label, fields.fieldType, fields.choices, fields.isRequired, fields.displayOrder, fields.isActive],
    );
    await crmAudit(client, user, 'UserDefinedField', rows[0]!.id, 'create', { dynamicTable: table, fieldName, ...fields });
    return fieldById(call, rows[0]!.id, client);
  });
}

async function updateField(call: UdfCall, user: SessionUser, id: number, body: UdfMetaUpdateRequest): Promise<UdfMeta> {
  const current = await fieldById(call, id);
  if (current.version !== body.version) throw new VersionConflict(`Field '${current.label}'`, current);
  const fields = checkedMeta(body);
  await uniqueLabel(call, current.dynamicTable, fields.label, id);
  if (fields.fieldType !== current.fieldType) {
    const { rows } = await call.db.query('SELECT 1 FROM crm.udf_value WHERE udf_id = $1 LIMIT 1', [id]);
    if (rows[0]) throw badRequest(`Field '${current.label}' has values: its type stays ${current.fieldType} (add a new field instead)`);
  }
  if (fields.fieldType === 'Choice') {
    const { rows } = await call.db.query<{ value_text: string }>('SELECT value_text FROM crm.udf_value WHERE udf_id = $1 AND NOT (value_text = ANY($2)) LIMIT 1', [id, fields.choices]);
    if (rows[0]) throw badRequest(`The choice '${rows[0].value_text}' of field '${current.label}' is in use: keep it`);
  }
  return inTransaction(call.db, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE crm.udf_meta SET label = $3, field_type = $4, choices = $5, is_required = $6, display_order = coalesce($7, display_order), is_active = $8, version = version + 1
        WHERE udf_id = $1 AND version = $2`,
      [id, body.version, fields.label, fields.fieldType, fields.choices, fields.isRequired, fields.displayOrder, fields.isActive],
    );
    if (rowCount !== 1) throw new VersionConflict(`Field '${current.label}'`, await fieldById(call, id));
    await crmAudit(client, user, 'UserDefinedField', id, 'update', { before: current, after: fields });
    return fieldById(call, id, client);
  });
}

async function deleteField(call: UdfCall, user: SessionUser, id: number): Promise<void> {
  const current = await fieldById(call, id);
  await inTransaction(call.db, async (client) => {
    await client.query('DELETE FROM crm.udf_meta WHERE udf_id = $1', [id]);
    await crmAudit(client, user, 'UserDefinedField', id, 'delete', { before: current });
  });
}

// ---------------------------------------------------------------- forms

type FormConfig = { integrationEntityMaster: UdfTable; formSubKey: string; config: { fieldNames: string[] }; isDefault: boolean; version: number };

async function formConfig(call: UdfCall, table: UdfTable, formSubKey: string): Promise<FormConfig> {
  const active = (await fieldsOf(call, table, false)).map((f) => f.fieldName);
  const { rows } = await call.db.query<{ config: { fieldNames: string[] }; version: number }>(
    'SELECT config, version FROM crm.form_template WHERE customer_master_id = $1 AND entity = $2 AND form_sub_key = $3',
    [call.organization, table, formSubKey],
  );
  const stored = rows[0];
  // Fields removed or deactivated since the layout was set drop out of it.
  const fieldNames = stored ? stored.config.fieldNames.filter((name) => active.includes(name)) : active;
  return { integrationEntityMaster: table, formSubKey, config: { fieldNames }, isDefault: !stored, version: stored?.version ?? 0 };
}

async function setFormConfig(call: UdfCall, user: SessionUser, table: UdfTable, formSubKey: string, fieldNames: string[]): Promise<FormConfig> {
  const active = (await fieldsOf(call, table, false)).map((f) => f.fieldName);
  const unknown = fieldNames.find((name) => !active.includes(name));
  if (unknown) throw badRequest(`${table} has no active user-defined field '${unknown}'`);
  const twice = fieldNames.find((name, i) => fieldNames.indexOf(name) !== i);
  if (twice) throw badRequest(`Field '${twice}' is listed twice`);
  await inTransaction(call.db, async (client) => {
    await client.query(
      `INSERT INTO crm.form_template (customer_master_id, entity, form_sub_key, config) VALUES ($1, $2, $3, $4)
       ON CONFLICT (customer_master_id, entity, form_sub_key) DO UPDATE SET config = EXCLUDED.config, version = crm.form_template.version + 1`,
      [call.organization, table, formSubKey, JSON.stringify({ fieldNames })],
    );
    await crmAudit(client, user, 'FormTemplate', `${table}/${formSubKey}`, 'update', { fieldNames });
  });
  return formConfig(call, table, formSubKey);
}

// ---------------------------------------------------------------- choices

const choiceItems = (field: UdfMeta) => field.choices.map((choice, i) => ({ dataValue: choice, displayValue: choice, displayOrder: i + 1 }));

async function choiceField(call: UdfCall, table: UdfTable, fieldName: string): Promise<UdfMeta> {
  const field = await fieldByName(call, table, fieldName);
  if (field.fieldType !== 'Choice' || !field.isActive) throw notFound(`${table} has no active choice field '${fieldName}'`);
  return field;
}

// ---------------------------------------------------------------- routes

const fieldRows = (fields: UdfMeta[]) => fields.map(({ dynamicTable, fieldName, label, fieldType }) => ({ dynamicTable, fieldName, label, fieldType }));

export async function userDefinedFieldRoutes(app: FastifyInstance): Promise<void> {
  serve(app, udfMetaList, async (request) => {
    const table = request.params.dynamicTable;
    const all = request.query.fromDataManager === true;
    const call = all ? await fieldAdminCall(app, request.user) : await tableCall(app, request.user, table);
    const ids = [...new Set(request.body.recordIds ?? [])];
    const keys = new Map<string, string>();
    for (const id of ids) keys.set(await recordKey(call, table, id, request.body.company), id);
    return { fields: await fieldsOf(call, table, all), values: keys.size ? await valuesOf(call, table, keys) : [] };
  });
  for (const contract of [udfMetaAdd, formUserDefinedMetaAdd]) {
    serve(app, contract, async (request) => addField(await fieldAdminCall(app, request.user), request.user, request.body));
  }
  for (const contract of [udfMetaUpdate, formUserDefinedMetaUpdate]) {
    serve(app, contract, async (request, reply) =>
      answeringConflicts(reply, async () => updateField(await fieldAdminCall(app, request.user), request.user, request.params.id, request.body)),
    );
  }
  serve(app, formUserDefinedMetaDelete, async (request, reply) => {
    await deleteField(await fieldAdminCall(app, request.user), request.user, request.params.id);
    return reply.code(204).send();
  });
  serve(app, udfMetaFieldList, async (request) => ({
    rows: fieldRows(await fieldsOf(await tableCall(app, request.user, request.params.dynamicTable), request.params.dynamicTable, false)),
  }));
  serve(app, formUserDefinedFieldList, async (request) => {
    const call = await erpCall(app.db, request.user, []);
    return { rows: fieldRows(await fieldsOf({ ...call, organization: await organizationOf(call, request.user) }, null, false)) };
  });
  serve(app, udfMetaById, async (request) => {
    const call = await erpCall(app.db, request.user, []);
    return fieldById({ ...call, organization: await organizationOf(call, request.user) }, request.query.id);
  });
  serve(app, formUserDefinedMetaList, async (request) => ({ rows: await fieldsOf(await fieldAdminCall(app, request.user), request.body.dynamicTable ?? null, true) }));
  serve(app, udfValuesInsert, async (request) => writeValues(await tableCall(app, request.user, request.body.dynamicTable), request.user, request.body, true));
  serve(app, udfValuesUpdate, async (request) => writeValues(await tableCall(app, request.user, request.body.dynamicTable), request.user, request.body, false));

  serve(app, formTemplateConfig, async (request) =>
    formConfig(await tableCall(app, request.user, request.params.integrationEntityMaster), request.params.integrationEntityMaster, request.query.formSubKey ?? ''),
  );
  serve(app, formTemplateConfigPatch, async (request) =>
    setFormConfig(await fieldAdminCall(app, request.user), request.user, request.params.integrationEntityMaster, request.query.formSubKey ?? '', request.body.fieldNames),
  );
  serve(app, formCustomerAssignedEntities, async (request) => {
    const call = await tableCall(app, request.user, request.params.integrationEntityMaster);
    const { rows } = await call.db.query<{ formSubKey: string; fieldCount: number }>(
      `SELECT form_sub_key AS "formSubKey", jsonb_array_length(config->'fieldNames')::int AS "fieldCount" FROM crm.form_template
        WHERE customer_master_id = $1 AND entity = $2 ORDER BY form_sub_key`,
      [call.organization, request.params.integrationEntityMaster],
    );
    return { rows };
  });

  serve(app, extensibilityDropdownList, async (request) => {
    const { tableName, fieldName } = request.params;
    return { rows: choiceItems(await choiceField(await tableCall(app, request.user, tableName), tableName, fieldName)) };
  });
  serve(app, extensibilityDropdownExact, async (request) => {
    const { tableName, fieldName, dataValue } = request.params;
    const item = choiceItems(await choiceField(await tableCall(app, request.user, tableName), tableName, fieldName)).find((c) => c.dataValue === dataValue);
    if (!item) throw notFound(`Field '${fieldName}' offers no choice '${dataValue}'`);
    return item;
  });
  serve(app, extensibilityDropdownFieldNames, async (request) => {
    const table = request.params.tableName;
    return { rows: fieldRows((await fieldsOf(await tableCall(app, request.user, table), table, false)).filter((f) => f.fieldType === 'Choice')) };
  });

  serve(app, createLocalCrmColumnForUdf, async (request) => {
    const field = await fieldByName(await fieldAdminCall(app, request.user), request.body.dynamicTable, request.body.fieldName);
    return { dynamicTable: field.dynamicTable, fieldName: field.fieldName, fieldType: field.fieldType, storage: 'crm.udf_value', altered: false };
  });
}

/** System/CrmFormOptions (the system service's): what the CRM forms offer the caller. */
export async function crmFormOptionsRoute(app: FastifyInstance): Promise<void> {
  serve(app, crmFormOptions, async (request) => {
    const call = await erpCall(app.db, request.user, []);
    const organization = await organizationOf(call, request.user);
    const { rows } = await call.db.query<{ table: UdfTable; n: number }>(
      'SELECT dynamic_table AS table, count(*)::int AS n FROM crm.udf_meta WHERE customer_master_id = $1 AND is_active GROUP BY 1',
      [organization],
    );
    return {
      entities: UDF_TABLES.map((dynamicTable) => ({ dynamicTable, fieldCount: rows.find((r) => r.table === dynamicTable)?.n ?? 0 })),
      fieldTypes: [...UDF_FIELD_TYPES],
      textMaxLength: UDF_TEXT_MAX,
      choicesMax: UDF_CHOICES_MAX,
      canManageFields: call.context.scope.all,
    };
  });
}
