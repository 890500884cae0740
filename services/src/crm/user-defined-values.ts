/**
 * User-defined values (issue 27): a value checked against its field's type, and the lists'
 * filters on those fields. A list takes a filter on a field as `udf.<fieldName>` beside its own
 * filter fields; the record passes when its stored value is one of the filter's values.
 */
import type pg from 'pg';
import { isDateInWindow } from '@tradeboard/shared/dates';
import { UDF_TEXT_MAX, type UdfMeta, type UdfTable } from '@tradeboard/shared/contracts';
import { badRequest, type SearchRequest, type SqlParams } from '../analytics/search-request.ts';

/** A field's value as stored (its type's column), or a 400 naming the field. */
export function checkedValue(field: Pick<UdfMeta, 'label' | 'fieldName' | 'fieldType' | 'choices' | 'isRequired'>, value: string | number | null) {
  const name = `'${field.label}' (${field.fieldName})`;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === null || text === '') {
    if (field.isRequired) throw badRequest(`${name} is required`);
    return null;
  }
  switch (field.fieldType) {
    case 'Number': {
      const number = typeof text === 'number' ? text : /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(number) || Math.abs(number) > 1e15) throw badRequest(`${name} must be a number, not '${value}'`);
      return { column: 'value_number' as const, value: number };
    }
    case 'Date':
      if (!isDateInWindow(text)) throw badRequest(`${name} must be a date (yyyy-mm-dd), not '${value}'`);
      return { column: 'value_date', value: text };
    case 'Choice':
      if (typeof text !== 'string' || !field.choices.includes(text)) throw badRequest(`${name} must be one of ${field.choices.map((c) => `'${c}'`).join(', ')}, not '${value}'`);
      return { column: 'value_text', value: text };
    default:
      // A number sent for a text field is its text (the validator already coerces it so).
      if (String(text).length > UDF_TEXT_MAX) throw badRequest(`${name} is longer than ${UDF_TEXT_MAX} characters`);
      return { column: 'value_text', value: String(text) };
  }
}

/** The prefix of a list filter on a user-defined field: `udf.<fieldName>`. */
export const UDF_FILTER_PREFIX = 'udf.';

type Filters = NonNullable<SearchRequest['filters']>;

/** A list's filters: its own fields', and those on user-defined fields. */
export function splitFilters(filters: SearchRequest['filters']): { own: Filters; userDefined: Filters } {
  const all = filters ?? [];
  const userDefined = all.filter((f) => f.field.toLowerCase().startsWith(UDF_FILTER_PREFIX));
  return { own: all.filter((f) => !userDefined.includes(f)), userDefined };
}

const CASTS = { value_number: 'numeric', value_date: 'date', value_text: 'text' } as const;

/**
 * One predicate per filter on a user-defined field of the organization's entity: the record (its
 * key as text) holds one of the values. An unknown field or a value its type refuses is a 400.
 */
export async function userDefinedPredicates(
  db: Pick<pg.Pool, 'query'>,
  organization: number,
  table: UdfTable,
  filters: Filters,
  recordKey: string,
  params: SqlParams,
): Promise<string[]> {
  if (!filters.length) return [];
  const { rows } = await db.query<Pick<UdfMeta, 'id' | 'label' | 'fieldName' | 'fieldType' | 'choices'>>(
    `SELECT udf_id AS id, label, field_name AS "fieldName", field_type AS "fieldType", choices FROM crm.udf_meta WHERE customer_master_id = $1 AND dynamic_table = $2`,
    [organization, table],
  );
  return filters.map((filter) => {
    const name = filter.field.slice(UDF_FILTER_PREFIX.length);
    const field = rows.find((f) => f.fieldName.toLowerCase() === name.toLowerCase());
    if (!field) throw badRequest(`Unknown filter field '${filter.field}': ${table} has no user-defined field '${name}'`);
    if (filter.comparison === 'equals' && filter.values.length !== 1) throw badRequest(`Filter field '${filter.field}' with equals takes one value`);
    if (filter.values.some((value) => value === null || String(value).trim() === '')) throw badRequest(`Filter field '${filter.field}' has an empty value: name the values to match`);
    const checked = filter.values.map((value) => checkedValue({ ...field, isRequired: true }, typeof value === 'boolean' ? String(value) : value)!);
    const column = (checked[0]?.column ?? 'value_text') as keyof typeof CASTS;
    return `EXISTS (SELECT 1 FROM crm.udf_value v WHERE v.udf_id = ${params.add(field.id)} AND v.record_key = ${recordKey}
              AND v.${column} = ANY(${params.add(checked.map((c) => c.value))}::${CASTS[column]}[]))`;
  });
}
