/**
 * The search request of seed 000 §3 (searchString + searchOperator, sortBy/sortDir, pageSize,
 * pageNumber, filters with include/equals) compiled into parameterised SQL. Field names are
 * looked up in a per-model whitelist that maps them to trusted SQL expressions; user text only
 * ever travels as a bind parameter. An unknown field is a 400 naming it.
 */
import type { DateRange } from '@tradeboard/shared/dates';
import { HttpError } from '../platform/errors.ts';

export const SEARCH_OPERATORS = ['Contains', 'Exact', 'BeginsWith', 'EndsWith'] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];
export const DEFAULT_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 500;

export type FilterInput = {
  field: string;
  comparison: 'include' | 'equals';
  values: Array<string | number | boolean>;
  group?: string | null;
  calculation?: string | null;
  controlName?: string | null;
};

export type SearchRequest = {
  searchString?: string | null;
  searchOperator?: SearchOperator | null;
  sortBy?: string | null;
  sortDir?: 'asc' | 'desc' | 'ASC' | 'DESC' | null;
  pageSize?: number | null;
  pageNumber?: number | null;
  filters?: FilterInput[] | null;
};

export type NormalizedRequest = {
  searchString: string;
  searchOperator: SearchOperator;
  sortBy: string | null;
  sortDir: 'asc' | 'desc' | null;
  pageSize: number;
  pageNumber: number;
  /** Filters with values only (a filter with no values is removed), values as text. */
  filters: Array<{ field: string; comparison: 'include' | 'equals'; values: string[] }>;
};

/** A trusted map from API field names to SQL expressions, matched case-insensitively. */
export type FieldMap = Readonly<Record<string, string>>;

/** Collects bind parameters; `add` answers the placeholder. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `column BETWEEN from AND to` for a range of days, as parameters. */
export const dateBetween = (column: string, range: DateRange, params: SqlParams) =>
  `${column} BETWEEN ${params.add(range.from)}::date AND ${params.add(range.to)}::date`;

export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}

export function normalizeRequest(request: SearchRequest | undefined | null): NormalizedRequest {
  const r = request ?? {};
  const pageSize = r.pageSize ?? DEFAULT_PAGE_SIZE;
  const pageNumber = r.pageNumber ?? 1;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw badRequest(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
  if (!Number.isInteger(pageNumber) || pageNumber < 1) throw badRequest('pageNumber must be an integer from 1');
  const operator = r.searchOperator ?? 'Contains';
  if (!SEARCH_OPERATORS.includes(operator)) throw badRequest(`Unknown searchOperator '${String(operator)}'`);
  const sortDir = r.sortDir ? (r.sortDir.toLowerCase() as 'asc' | 'desc') : null;
  if (sortDir !== null && sortDir !== 'asc' && sortDir !== 'desc') throw badRequest(`sortDir must be asc or desc`);
  const filters = (r.filters ?? [])
    .filter((f) => Array.isArray(f.values) && f.values.length > 0)
    .map((f) => {
      if (f.comparison !== 'include' && f.comparison !== 'equals') {
        throw badRequest(`Unknown comparison '${String(f.comparison)}' for filter field '${f.field}'`);
      }
      return { field: f.field, comparison: f.comparison, values: f.values.map(String) };
    });
  return {
    searchString: (r.searchString ?? '').trim(),
    searchOperator: operator,
    sortBy: r.sortBy?.trim() || null,
    sortDir,
    pageSize,
    pageNumber,
    filters,
  };
}

/** The whitelisted SQL expression for a field, or undefined. */
export function lookupField(fields: FieldMap, name: string): { name: string; sql: string } | undefined {
  const wanted = name.toLowerCase();
  const found = Object.entries(fields).find(([key]) => key.toLowerCase() === wanted);
  return found ? { name: found[0], sql: found[1] } : undefined;
}

/** The canonical whitelisted names of the filter fields, or a 400 naming the first unknown one. */
export function checkFilterFields(filters: NormalizedRequest['filters'], allowed: readonly string[]): string[] {
  return filters.map((f) => {
    const match = allowed.find((a) => a.toLowerCase() === f.field.toLowerCase());
    if (!match) throw badRequest(`Unknown filter field '${f.field}'; expected one of ${allowed.join(', ')}`);
    return match;
  });
}

/** `field = ANY($n)` for include, `field = $n` for equals; one predicate per filter (AND). */
export function filterPredicates(filters: NormalizedRequest['filters'], fields: FieldMap, params: SqlParams): string[] {
  return filters.map((filter) => {
    const field = lookupField(fields, filter.field);
    if (!field) throw badRequest(`Unknown filter field '${filter.field}'; expected one of ${Object.keys(fields).join(', ')}`);
    if (filter.comparison === 'equals') {
      if (filter.values.length !== 1) throw badRequest(`Filter field '${field.name}' with equals takes one value`);
      return `${field.sql} = ${params.add(filter.values[0])}`;
    }
    return `${field.sql} = ANY(${params.add(filter.values)}::text[])`;
  });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Builds the predicate that a text expression matches the search (one parameter for every use). */
export type TextMatch = (expression: string) => string;

/** The search as a matcher, its parameter added to `params`; null without a search. */
export function textMatcher(search: string, operator: SearchOperator, params: SqlParams): TextMatch | null {
  if (!search) return null;
  if (operator === 'Exact') {
    const p = params.add(search.toLowerCase());
    return (e) => `lower(${e}) = ${p}`;
  }
  const escaped = escapeLike(search);
  const pattern = operator === 'Contains' ? `%${escaped}%` : operator === 'BeginsWith' ? `${escaped}%` : `%${escaped}`;
  const p = params.add(pattern);
  return (e) => `${e} ILIKE ${p} ESCAPE '\\'`;
}

/** The search as one predicate over the given text expressions (any may match), or null. */
export function searchPredicate(search: string, operator: SearchOperator, expressions: readonly string[], params: SqlParams): string | null {
  if (expressions.length === 0) return null;
  const match = textMatcher(search, operator, params);
  return match && `(${expressions.map(match).join(' OR ')})`;
}

/** The sort direction a request asks for: its sortDir, else ascending when it names a sortBy, else the default sort's. */
export function askedSortDir(request: Pick<NormalizedRequest, 'sortBy' | 'sortDir'>, fallbackDir: 'asc' | 'desc'): 'asc' | 'desc' {
  return request.sortDir ?? (request.sortBy ? 'asc' : fallbackDir);
}

/**
 * ORDER BY from a whitelisted sort field (400 when unknown), with a stable tie-break. Nulls sort
 * last descending and first ascending; a field named in `notNull` (never null) gets no NULLS
 * clause, which changes nothing there and lets a plain index give the order in either direction.
 * A field named in `reversed` has a sort key that runs the other way from the value shown (days
 * since a date, sorted by the date), so its key is sorted in the opposite direction.
 */
export function orderByClause(
  request: Pick<NormalizedRequest, 'sortBy' | 'sortDir'>,
  sortable: FieldMap,
  fallback: { field: string; dir: 'asc' | 'desc' },
  tieBreak: string,
  notNull: readonly string[] = [],
  reversed: readonly string[] = [],
): string {
  const name = request.sortBy ?? fallback.field;
  const field = lookupField(sortable, name);
  if (!field) throw badRequest(`Unknown sortBy field '${name}'; expected one of ${Object.keys(sortable).join(', ')}`);
  const asked = askedSortDir(request, fallback.dir);
  const dir = reversed.includes(field.name) ? (asked === 'desc' ? 'asc' : 'desc') : asked;
  const nulls = notNull.includes(field.name) ? '' : dir === 'desc' ? ' NULLS LAST' : ' NULLS FIRST';
  return `ORDER BY ${field.sql} ${dir === 'desc' ? 'DESC' : 'ASC'}${nulls}, ${tieBreak}`;
}

export function pageClause(request: Pick<NormalizedRequest, 'pageSize' | 'pageNumber'>, params: SqlParams): string {
  return `LIMIT ${params.add(request.pageSize)} OFFSET ${params.add((request.pageNumber - 1) * request.pageSize)}`;
}
