import type { FastifyInstance } from 'fastify';
import { filterById, filterList, filterListAdmin, type FilterOption, type FilterType } from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../platform/errors.ts';
import { own } from '../platform/own.ts';
import { serve, type ContractRequest } from '../platform/route.ts';
import { loadAnalyticsContext, scopePredicate, type DataScope } from '../analytics/scope.ts';
import { searchPredicate, SqlParams } from '../analytics/search-request.ts';
import { loadViewer } from '../boards/board-access.ts';
import { requireAdministrator } from './filter-access.ts';

/**
 * Where each field's values come from in the ERP mirror (trusted SQL). Accounts, their
 * reps, branches and companies are scoped like the analytics calls (a rep sees his own
 * customers, a manager his team's); the product catalogue (product groups, items, suppliers,
 * locations) is the same for everyone, as a rep sells every product.
 */
type Source = {
  from: string;
  value: string;
  label: string;
  company: string;
  /** The sales-rep column the scope applies to, or a predicate built on `rep` (x.sales_rep). */
  scope?: { column: string } | { exists: (rep: string) => string };
};

const customersOf = (where: string) => (rep: string) => `EXISTS (SELECT 1 FROM erp.customer x WHERE ${where} AND ${rep})`;

const SOURCES: Record<Exclude<FilterType, 'dynamicData'>, Source> = {
  company: { from: 'erp.company t', value: 't.company', label: 't.company_name', company: 't.company', scope: { exists: customersOf('x.company = t.company') } },
  branch: {
    from: 'erp.branch t',
    value: 't.branch',
    label: 't.branch_name',
    company: 't.company',
    scope: { exists: customersOf('x.company = t.company AND x.branch = t.branch') },
  },
  salesRep: { from: 'erp.sales_rep t', value: 't.sales_rep', label: 't.name', company: 't.company', scope: { column: 't.sales_rep' } },
  customer: { from: 'erp.customer t', value: 't.customer', label: 't.customer_name', company: 't.company', scope: { column: 't.sales_rep' } },
  shipTo: { from: 'erp.ship_to t', value: 't.ship_to', label: 't.ship_to_name', company: 't.company', scope: { column: 't.sales_rep' } },
  productGroup: { from: 'erp.product_group t', value: 't.product_group', label: 't.product_group_name', company: 't.company' },
  itemNumber: { from: 'erp.item t', value: 't.item_number', label: 't.description', company: 't.company' },
  supplier: { from: 'erp.supplier t', value: 't.supplier', label: 't.supplier_name', company: 't.company' },
  location: { from: 'erp.location t', value: 't.location', label: 't.location_name', company: 't.company' },
};

/** dynamicData fields read the distinct values of a customer column (scoped like customers). */
const DYNAMIC_COLUMNS: Record<string, string> = {
  accountClass1: 't.account_class1',
  accountClass2: 't.account_class2',
  accountClass3: 't.account_class3',
  accountClass4: 't.account_class4',
  accountClass5: 't.account_class5',
};

function sourceOf(filterType: FilterType, dynamicDataColumn: string | undefined): Source {
  if (filterType !== 'dynamicData') return SOURCES[filterType];
  const column = dynamicDataColumn && own(DYNAMIC_COLUMNS, dynamicDataColumn);
  if (!column) throw new HttpError(400, 'querystring.dynamicDataColumn is required when filterType is dynamicData');
  return { from: `(SELECT DISTINCT company, ${column} AS v, sales_rep FROM erp.customer t WHERE ${column} IS NOT NULL) t`, value: 't.v', label: 't.v', company: 't.company', scope: { column: 't.sales_rep' } };
}

type Query = { scope: DataScope; company?: string; search?: string; id?: string; pageSize: number; pageNumber: number };

async function options(db: Db, source: Source, query: Query): Promise<FilterOption[]> {
  const params = new SqlParams();
  const where: string[] = [];
  if (source.scope) {
    const rep = scopePredicate(query.scope, 'column' in source.scope ? source.scope.column : 'x.sales_rep', params);
    if (rep !== null) where.push('exists' in source.scope ? source.scope.exists(rep) : rep);
  }
  if (query.company !== undefined) where.push(`${source.company} = ${params.add(query.company)}`);
  if (query.id !== undefined) where.push(`${source.value} = ${params.add(query.id)}`);
  const search = searchPredicate(query.search ?? '', 'Contains', [source.value, source.label], params);
  if (search) where.push(search);
  const { rows } = await db.query<FilterOption>(
    `SELECT DISTINCT ${source.value} AS value, ${source.label} AS label, ${source.company} AS company
       FROM ${source.from}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY label, value, company
      LIMIT ${params.add(query.pageSize)} OFFSET ${params.add((query.pageNumber - 1) * query.pageSize)}`,
    params.values,
  );
  return rows;
}

const DEFAULT_PAGE_SIZE = 50;

type ListRequest = ContractRequest<typeof filterList> | ContractRequest<typeof filterListAdmin>;

function listOptions(db: Db, request: ListRequest, scope: DataScope): Promise<FilterOption[]> {
  const { searchString, pageSize, pageNumber } = request.body;
  return options(db, sourceOf(request.params.filterType, request.query.dynamicDataColumn), {
    scope,
    company: request.query.company,
    search: searchString ?? undefined,
    pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
    pageNumber: pageNumber ?? 1,
  });
}

/** Filter/List, its Admin variant and Filter/ById: the values a user can pick for a field. */
export async function filterValueRoutes(app: FastifyInstance): Promise<void> {
  serve(app, filterList, async (request) => {
    const { db } = request.server;
    return listOptions(db, request, (await loadAnalyticsContext(db, request.user.userMasterId)).scope);
  });

  serve(app, filterListAdmin, async (request) => {
    const { db } = request.server;
    await requireAdministrator(db, await loadViewer(db, request.user.userMasterId));
    return listOptions(db, request, { all: true });
  });

  serve(app, filterById, async (request) => {
    const { db } = request.server;
    const { scope } = await loadAnalyticsContext(db, request.user.userMasterId);
    const { filterType, id, company } = request.params;
    const [found] = await options(db, sourceOf(filterType, request.query.dynamicDataColumn), { scope, company, id, pageSize: 1, pageNumber: 1 });
    if (!found) throw new HttpError(404, `${filterType} ${id} was not found`);
    return found;
  });
}
