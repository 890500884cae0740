import { Type, type Static, type TSchema } from 'typebox';
import { ErrorBody, NoContent, RowId } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';

// Issue 27, user-defined fields (seed 001 §7.13 DynamicData, FormTemplate, ExtensibilityDropdown,
// System/CrmFormOptions, DataManager/Local/CreateLocalCRMColumnForUDF). An administrator of an
// organization adds fields (text, number, date, choice) to its activities, contacts or
// opportunities; everyone with the entity's access right reads them and the values of the records
// in his scope, and writes those values (validated by the field's type: a 400 naming the field).
// Another organization's field is a 404; the meta writes are administrators' (403).

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The entities that take user-defined fields (the calls' dynamicTable, integrationEntityMaster, tableName). */
export const UDF_TABLES = ['Activity', 'Contact', 'Opportunity'] as const;
export type UdfTable = (typeof UDF_TABLES)[number];
export const UdfTable = Type.Union([Type.Literal('Activity'), Type.Literal('Contact'), Type.Literal('Opportunity')]);

export const UDF_FIELD_TYPES = ['Text', 'Number', 'Date', 'Choice'] as const;
export type UdfFieldType = (typeof UDF_FIELD_TYPES)[number];
const UdfFieldTypeSchema = Type.Union([Type.Literal('Text'), Type.Literal('Number'), Type.Literal('Date'), Type.Literal('Choice')]);

/** How long a text value may be; how many choices a field may offer. */
export const UDF_TEXT_MAX = 500;
export const UDF_CHOICES_MAX = 50;

export const UdfMeta = Type.Object({
  id: Type.Integer(),
  dynamicTable: UdfTable,
  /** The field's key (lower case, digits and _), made from its label when added; it never changes. */
  fieldName: Type.String(),
  label: Type.String(),
  fieldType: UdfFieldTypeSchema,
  /** A Choice field's choices, in order (empty for the other types). */
  choices: Type.Array(Type.String()),
  isRequired: Type.Boolean(),
  displayOrder: Type.Integer(),
  isActive: Type.Boolean(),
  version: Type.Integer(),
});
export type UdfMeta = Static<typeof UdfMeta>;

const MetaFields = {
  label: Type.String({ minLength: 1, maxLength: 60 }),
  fieldType: UdfFieldTypeSchema,
  choices: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: UDF_CHOICES_MAX })),
  isRequired: Type.Optional(Type.Boolean()),
  displayOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  isActive: Type.Optional(Type.Boolean()),
};
export const UdfMetaAddRequest = Type.Object({
  dynamicTable: UdfTable,
  /** Optional: made from the label when left out. */
  fieldName: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z][a-z0-9_]*$' })),
  ...MetaFields,
});
/** A field's type and table never change once it has values: an update names the version read. */
export const UdfMetaUpdateRequest = Type.Object({ ...MetaFields, version: RowId });
export type UdfMetaAddRequest = Static<typeof UdfMetaAddRequest>;
export type UdfMetaUpdateRequest = Static<typeof UdfMetaUpdateRequest>;

/** A value: text, a number, a date (yyyy-mm-dd) or a choice; null clears it. */
export const UdfValue = Nullable(Type.Union([Type.String({ maxLength: UDF_TEXT_MAX }), Type.Number({ minimum: -1e15, maximum: 1e15 })]));
export type UdfValue = Static<typeof UdfValue>;
export const UdfFieldValue = Type.Object({ fieldName: Type.String({ minLength: 1, maxLength: 50 }), value: UdfValue });
export type UdfFieldValue = Static<typeof UdfFieldValue>;

/** The values of one record, by field name (fields without a value left out). */
export const UdfRecordValues = Type.Object({ recordId: Type.String(), values: Type.Array(UdfFieldValue) });
export type UdfRecordValues = Static<typeof UdfRecordValues>;

/** A record: an activity's or opportunity's number, a contact's number (with its company). */
const RecordId = Type.String({ minLength: 1, maxLength: 40 });
const Company = Type.Optional(Type.String({ minLength: 1, maxLength: 20 }));

export const UdfValuesRequest = Type.Object({ dynamicTable: UdfTable, recordId: RecordId, company: Company, values: Type.Array(UdfFieldValue, { minItems: 1, maxItems: 100 }) });
export type UdfValuesRequest = Static<typeof UdfValuesRequest>;

const Conflict = Type.Object({ ...ErrorBody.properties, current: UdfMeta });
const Errors = { 404: ErrorBody, ...ErpErrors };
const TableParams = Type.Object({ dynamicTable: UdfTable });
const IdParams = Type.Object({ id: RowId });
const FieldListResult = Type.Object({ rows: Type.Array(Type.Object({ fieldName: Type.String(), label: Type.String(), fieldType: UdfFieldTypeSchema })) });
const MetaListResult = Type.Object({ fields: Type.Array(UdfMeta), values: Type.Array(UdfRecordValues) });
const MetaListBody = Type.Object({
  /** The records whose values to read too (of the caller's scope: another's is a 404). */
  recordIds: Type.Optional(Type.Array(RecordId, { maxItems: 100 })),
  company: Company,
});

export const udfMetaList = defineContract({
  method: 'POST',
  path: '/DynamicData/Meta/List/{dynamicTable}',
  service: 'analytics',
  access: 'session',
  summary: "The entity's user-defined fields in their order, with the values of the records named; fromDataManager: inactive fields too (administrators)",
  params: TableParams,
  querystring: Type.Object({ fromDataManager: Type.Optional(Type.Boolean()) }),
  body: MetaListBody,
  response: { 200: MetaListResult, ...Errors },
});

export const udfMetaAdd = defineContract({
  method: 'POST',
  path: '/DynamicData/Meta',
  service: 'analytics',
  access: 'session',
  summary: 'Adds a user-defined field (text, number, date, choice) to activities, contacts or opportunities; administrators',
  body: UdfMetaAddRequest,
  response: { 200: UdfMeta, ...Errors },
});

export const udfMetaUpdate = defineContract({
  method: 'PUT',
  path: '/DynamicData/Meta/{id}',
  service: 'analytics',
  access: 'session',
  summary: 'Changes a user-defined field from the version read (409 with the current one when another edit came first); administrators',
  params: IdParams,
  body: UdfMetaUpdateRequest,
  response: { 200: UdfMeta, 409: Conflict, ...Errors },
});

export const udfMetaFieldList = defineContract({
  method: 'GET',
  path: '/DynamicData/Meta/FieldList/{dynamicTable}',
  service: 'analytics',
  access: 'session',
  summary: "The entity's active user-defined fields: name, label and type (what a filter can name)",
  params: TableParams,
  response: { 200: FieldListResult, ...Errors },
});

export const udfValuesInsert = defineContract({
  method: 'POST',
  path: '/DynamicData/InsertUserDefinedFieldCustomValues',
  service: 'analytics',
  access: 'session',
  summary: "Gives a record values of user-defined fields it has none of (400 when one has a value: update it); each validated by its field's type",
  body: UdfValuesRequest,
  response: { 200: UdfRecordValues, ...Errors },
});

export const udfValuesUpdate = defineContract({
  method: 'POST',
  path: '/DynamicData/UpdateUserDefinedFieldCustomValues',
  service: 'analytics',
  access: 'session',
  summary: "Sets (null: clears) a record's values of user-defined fields; each validated by its field's type",
  body: UdfValuesRequest,
  response: { 200: UdfRecordValues, ...Errors },
});

export const udfMetaById = defineContract({
  method: 'GET',
  path: '/DynamicData/CustomerDynamicTableMetaData',
  service: 'analytics',
  access: 'session',
  summary: "One user-defined field of the caller's organization, by id",
  querystring: Type.Object({ id: RowId }),
  response: { 200: UdfMeta, ...Errors },
});

// FormTemplate: the same fields as the form designer sees them, with delete, and each form's layout.

export const formUserDefinedMetaList = defineContract({
  method: 'POST',
  path: '/FormTemplate/UserDefined/Meta/List',
  service: 'analytics',
  access: 'session',
  summary: "The organization's user-defined fields (of one entity with dynamicTable), inactive ones too; administrators",
  body: Type.Object({ dynamicTable: Type.Optional(UdfTable) }),
  response: { 200: Type.Object({ rows: Type.Array(UdfMeta) }), ...Errors },
});

export const formUserDefinedMetaAdd = defineContract({ ...udfMetaAdd, path: '/FormTemplate/UserDefined/Meta' });
export const formUserDefinedMetaUpdate = defineContract({ ...udfMetaUpdate, path: '/FormTemplate/UserDefined/Meta/{id}' });

export const formUserDefinedMetaDelete = defineContract({
  method: 'DELETE',
  path: '/FormTemplate/UserDefined/Meta/{id}',
  service: 'analytics',
  access: 'session',
  summary: 'Removes a user-defined field and its values; administrators',
  params: IdParams,
  response: { 204: NoContent, ...Errors },
});

export const formUserDefinedFieldList = defineContract({
  method: 'GET',
  path: '/FormTemplate/UserDefined/Meta/FieldList',
  service: 'analytics',
  access: 'session',
  summary: "Every entity's active user-defined fields: name, label and type",
  response: { 200: Type.Object({ rows: Type.Array(Type.Object({ dynamicTable: UdfTable, fieldName: Type.String(), label: Type.String(), fieldType: UdfFieldTypeSchema })) }), ...Errors },
});

/** A form's layout: the user-defined fields it shows, in order (the ones left out are hidden). */
export const FormTemplateConfig = Type.Object({ fieldNames: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 100 }) });
const FormParams = Type.Object({ integrationEntityMaster: UdfTable });
const FormQuery = Type.Object({ formSubKey: Type.Optional(Type.String({ maxLength: 50 })) });
const FormConfigResult = Type.Object({ integrationEntityMaster: UdfTable, formSubKey: Type.String(), config: FormTemplateConfig, isDefault: Type.Boolean(), version: Type.Integer() });

export const formTemplateConfig = defineContract({
  method: 'GET',
  path: '/FormTemplate/Config/{integrationEntityMaster}',
  service: 'analytics',
  access: 'session',
  summary: "A form's layout (the default, every active field in order, until an administrator sets one)",
  params: FormParams,
  querystring: FormQuery,
  response: { 200: FormConfigResult, ...Errors },
});

export const formTemplateConfigPatch = defineContract({
  method: 'PATCH',
  path: '/FormTemplate/Config/{integrationEntityMaster}',
  service: 'analytics',
  access: 'session',
  summary: "Sets a form's layout (fields of the entity, each once); administrators",
  params: FormParams,
  querystring: FormQuery,
  body: FormTemplateConfig,
  response: { 200: FormConfigResult, ...Errors },
});

export const formCustomerAssignedEntities = defineContract({
  method: 'GET',
  path: '/FormTemplate/GetCustomerAssignedEntities/{integrationEntityMaster}',
  service: 'analytics',
  access: 'session',
  summary: "The entity's forms the organization has a layout for (formSubKey '' is the main form)",
  params: FormParams,
  response: { 200: Type.Object({ rows: Type.Array(Type.Object({ formSubKey: Type.String(), fieldCount: Type.Integer() })) }), ...Errors },
});

// ExtensibilityDropdown: a Choice field's choices.
const DropdownItem = Type.Object({ dataValue: Type.String(), displayValue: Type.String(), displayOrder: Type.Integer() });
const DropdownParams = Type.Object({ tableName: UdfTable, fieldName: Type.String({ minLength: 1, maxLength: 50 }) });

export const extensibilityDropdownList = defineContract({
  method: 'POST',
  path: '/ExtensibilityDropdown/GetList/{tableName}/{fieldName}',
  service: 'analytics',
  access: 'session',
  summary: "A choice field's choices, in order",
  params: DropdownParams,
  body: Type.Object({}),
  response: { 200: Type.Object({ rows: Type.Array(DropdownItem) }), ...Errors },
});

export const extensibilityDropdownExact = defineContract({
  method: 'GET',
  path: '/ExtensibilityDropdown/GetExact/{tableName}/{fieldName}/{dataValue}',
  service: 'analytics',
  access: 'session',
  summary: "One of a choice field's choices (404 when it offers no such choice)",
  params: Type.Object({ ...DropdownParams.properties, dataValue: Type.String({ minLength: 1, maxLength: 100 }) }),
  response: { 200: DropdownItem, ...Errors },
});

export const extensibilityDropdownFieldNames = defineContract({
  method: 'GET',
  path: '/ExtensibilityDropdown/GetFieldNameList/{tableName}',
  service: 'analytics',
  access: 'session',
  summary: "The entity's active choice fields",
  params: Type.Object({ tableName: UdfTable }),
  response: { 200: FieldListResult, ...Errors },
});

export const crmFormOptions = defineContract({
  method: 'GET',
  path: '/System/CrmFormOptions',
  service: 'system',
  access: 'session',
  summary: 'What the CRM forms offer: the entities that take user-defined fields, the field types, the limits, and how many fields each entity has',
  response: {
    200: Type.Object({
      entities: Type.Array(Type.Object({ dynamicTable: UdfTable, fieldCount: Type.Integer() })),
      fieldTypes: Type.Array(UdfFieldTypeSchema),
      textMaxLength: Type.Integer(),
      choicesMax: Type.Integer(),
      canManageFields: Type.Boolean(),
    }),
    ...Errors,
  },
});

export const createLocalCrmColumnForUdf = defineContract({
  method: 'POST',
  path: '/DataManager/Local/CreateLocalCRMColumnForUDF',
  service: 'analytics',
  access: 'session',
  summary: "Makes sure a user-defined field can hold values: idempotent, no table is altered (values live in crm.udf_value); 404 for a field the organization lacks; administrators",
  body: Type.Object({ dynamicTable: UdfTable, fieldName: Type.String({ minLength: 1, maxLength: 50 }) }),
  response: { 200: Type.Object({ dynamicTable: UdfTable, fieldName: Type.String(), fieldType: UdfFieldTypeSchema, storage: Type.String(), altered: Type.Boolean() }), ...Errors },
});
