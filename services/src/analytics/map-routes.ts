/**
 * The map: where the caller's customers and ship-tos are (Customer/Map/*, ShipTo/Map/List), what
 * is around a point (Map/Radius, Customer/Map/Radius), and the user's saved day routes over his
 * accounts (MapRoutes).
 *
 * A radius search never measures every row: it keeps the rows inside the circle's bounding box,
 * read from the coordinate indexes (per rep for a rep's scope), and measures only those. The
 * caller's data scope is always kept; crossCustomerSearchEnabled does not widen it. Map routes
 * belong to the user who saved them: another user's route answers 404 like one that does not
 * exist, and every stop must be one of the caller's accounts when it is saved.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import {
  customerLatitudeLongitude,
  customerMapList,
  customerMapRadius,
  mapRadius,
  mapRouteById,
  mapRouteCoordinates,
  mapRouteCreate,
  mapRouteDelete,
  mapRouteList,
  mapRouteUpdate,
  shipToMapList,
  type MapRouteStop,
  type MapRouteStopInput,
} from '@tradeboard/shared/contracts';
import { DEFAULT_SETTINGS } from '@tradeboard/shared/user-settings';
import { milesBetween } from '@tradeboard/shared/constants';
import { cleanName, inTransaction } from '../boards/board-access.ts';
import type { SessionUser } from '../platform/session.ts';
import { serve } from '../platform/route.ts';
import { byName, customerRows, shipToRows } from './accounts-routes.ts';
import { findCustomer, listPage, notFound } from './account-detail-routes.ts';
import { countedPage, type ListModel } from './engine.ts';
import { answerer, erpCall, pageOf, todaySql, type ErpCall } from './erp-common.ts';
import { scopePredicate } from './scope.ts';
import {
  askedSortDir,
  badRequest,
  filterPredicates,
  lookupField,
  normalizeRequest,
  orderByClause,
  pageClause,
  searchPredicate,
  SqlParams,
  type SearchRequest,
} from './search-request.ts';

// ------------------------------------------------------------------------------ geometry
const EARTH_MILES = 3958.8;
const MILES_PER_DEGREE = (Math.PI / 180) * EARTH_MILES;

/** Great-circle miles from a point (validated finite numbers, so safe as literals) to a row's coordinates. */
export function haversineMiles(alias: string, lat: number, lng: number): string {
  const la = Number(lat).toString();
  const lo = Number(lng).toString();
  return `(${EARTH_MILES} * 2 * asin(least(1, sqrt(power(sin(radians(${alias}.latitude - (${la})) / 2), 2)
            + cos(radians(${la})) * cos(radians(${alias}.latitude)) * power(sin(radians(${alias}.longitude - (${lo})) / 2), 2)))))`;
}


/**
 * The circle's bounding box on a row's indexed coordinates, and the exact distance test: the box
 * lets the index find the candidates, the distance keeps those really inside. Near a pole, or
 * across the antimeridian, the longitude is not bounded (still correct, only less selective).
 */
export function withinRadius(alias: string, lat: number, lng: number, radius: number, params: SqlParams): string[] {
  const dLat = radius / MILES_PER_DEGREE;
  const cos = Math.cos((Math.min(89.9, Math.abs(lat) + dLat) * Math.PI) / 180);
  const dLng = radius / (MILES_PER_DEGREE * cos);
  const box = [`${alias}.latitude BETWEEN ${params.add(Math.max(-90, lat - dLat))}::float8 AND ${params.add(Math.min(90, lat + dLat))}::float8`];
  if (Math.abs(lat) + dLat < 90 && lng - dLng >= -180 && lng + dLng <= 180) {
    box.push(`${alias}.longitude BETWEEN ${params.add(lng - dLng)}::float8 AND ${params.add(lng + dLng)}::float8`);
  }
  return [...box, `${haversineMiles(alias, lat, lng)} <= ${params.add(radius)}::float8`];
}

function checkPoint(lat: number, lng: number, radius: number): void {
  if (![lat, lng, radius].every(Number.isFinite)) throw badRequest('lat, lng and radius must be numbers');
}

// ------------------------------------------------------------------------------ customer and ship-to maps
/** A distance in miles, rounded to hundredths as the answers show it. */
const roundedMiles = (distance: string) => `round((${distance})::numeric, 2)::float8`;

const customerMapRows = (distance: string | null): ListModel => ({
  ...customerRows,
  name: 'Customer/Map',
  columns: {
    ...Object.fromEntries(Object.entries(customerRows.columns).filter(([name]) => name !== 'corporate')),
    latitude: 'c.latitude',
    longitude: 'c.longitude',
    distanceMiles: distance ? roundedMiles(distance) : 'NULL::float8',
  },
  // Without the corporate column there is nothing to filter it by.
  filterFields: customerRows.filterFields.filter((field) => field !== 'corporate'),
  where: 'c.latitude IS NOT NULL AND c.longitude IS NOT NULL',
  defaultSort: distance ? { field: 'distanceMiles', dir: 'asc' } : byName('customerName'),
});

const shipToMapRows: ListModel = {
  ...shipToRows,
  name: 'ShipTo/Map',
  columns: { ...shipToRows.columns, latitude: 's.latitude', longitude: 's.longitude' },
  where: 's.latitude IS NOT NULL AND s.longitude IS NOT NULL',
};

// ------------------------------------------------------------------------------ Map/Radius
type Marker = {
  accountType: 'Customer' | 'ShipTo';
  company: string;
  accountId: string;
  customer: string;
  sales?: number;
  bookings?: number;
};

/** The markers' columns from an account table (alias a): the same for customers and ship-tos. */
const markerSelect = (type: string, id: string, name: string, customer: string, distance: string) =>
  `SELECT '${type}'::text AS "accountType", a.company, ${id} AS "accountId", ${name} AS "accountName", ${customer} AS customer,
          a.address1 AS address, a.city, a.state, a.postal_code AS "postalCode", a.branch, a.sales_rep AS "salesRep",
          a.latitude, a.longitude, ${roundedMiles(distance)} AS "distanceMiles"`;

const MARKER_FIELDS = {
  accountType: 'm."accountType"',
  company: 'm.company',
  accountId: 'm."accountId"',
  accountName: 'm."accountName"',
  customer: 'm.customer',
  city: 'm.city',
  state: 'm.state',
  branch: 'm.branch',
  salesRep: 'm."salesRep"',
  distanceMiles: 'm."distanceMiles"',
};

/** MapThresholds (seed 000 §9: 50000 … 2000000) as numbers, ascending. */
function thresholdsOf(call: ErpCall): number[] {
  const parse = (text: string | undefined) => (text ?? '').split(',').map((t) => Number(t.trim())).filter((n) => Number.isFinite(n) && n > 0);
  const own = parse(call.settings.MapThresholds);
  return (own.length ? own : parse(DEFAULT_SETTINGS.MapThresholds)).sort((a, b) => a - b);
}

/** How many thresholds a figure reaches. */
const bandOf = (value: number, thresholds: readonly number[]) => thresholds.filter((t) => value >= t).length;

/** The radius asked for, or MapDefaultSearchRadius for 0. */
function radiusOf(call: ErpCall, asked: number): number {
  if (asked > 0) return asked;
  const setting = Number(call.settings.MapDefaultSearchRadius);
  return setting > 0 && setting <= 12_500 ? setting : Number(DEFAULT_SETTINGS.MapDefaultSearchRadius);
}

/**
 * The invoiced sales and bookings of the last twelve months (this month and the eleven before,
 * through today) of each marker: a customer's from its monthly rollup and its bookings, a
 * ship-to's from its own invoices and bookings. Only the page's markers are measured.
 */
async function figures(call: ErpCall, markers: Marker[]): Promise<void> {
  if (markers.length === 0) return;
  const today = todaySql(call);
  const from = `(date_trunc('month', ${today}) - interval '11 months')::date`;
  const { rows } = await call.db.query<{ sales: number; bookings: number }>(
    `SELECT (CASE WHEN k.type = 'Customer'
                  THEN (SELECT coalesce(sum(m.sales), 0) FROM erp.invoice_month_customer m WHERE m.customer = k.id AND m.company = k.company AND m.month BETWEEN ${from} AND ${today})
                  ELSE (SELECT coalesce(sum(h.sales), 0) FROM erp.invoice_header h WHERE h.ship_to = k.id AND h.company = k.company AND h.invoice_date BETWEEN ${from} AND ${today}) END)::float8 AS sales,
            (SELECT coalesce(sum(b.sales), 0) FROM erp.booking b
              WHERE b.customer = k.customer AND b.company = k.company AND b.booking_date BETWEEN ${from} AND ${today} AND (k.type = 'Customer' OR b.ship_to = k.id))::float8 AS bookings
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS k(type, company, id, customer, n)
      ORDER BY k.n`,
    [markers.map((m) => m.accountType), markers.map((m) => m.company), markers.map((m) => m.accountId), markers.map((m) => m.customer)],
  );
  markers.forEach((marker, i) => {
    marker.sales = Math.round(Number(rows[i]!.sales) * 100) / 100;
    marker.bookings = Math.round(Number(rows[i]!.bookings) * 100) / 100;
  });
}

const geoPoint = (alias: string) => `erp.geo_point(${alias}.latitude, ${alias}.longitude)`;

/** Whether the request asks for the default order, nearest first (the map's). */
function nearestFirst(request: ReturnType<typeof normalizeRequest>): boolean {
  return lookupField(MARKER_FIELDS, request.sortBy ?? 'distanceMiles')?.name === 'distanceMiles' && askedSortDir(request, 'asc') === 'asc';
}

/**
 * The caller's customers and ship-tos within the radius, nearest first (filters: accountType,
 * company, branch, salesRep, state, customer). Each table's rows are filtered where they are read;
 * nearest first, each table gives only its first pageNumber × pageSize by walking its
 * nearest-first index (migration 260), and the count of the circle is asked apart.
 */
async function radiusSearch(call: ErpCall, lat: number, lng: number, askedRadius: number, body: SearchRequest | undefined) {
  checkPoint(lat, lng, askedRadius);
  const radius = radiusOf(call, askedRadius);
  const thresholds = thresholdsOf(call);
  const request = normalizeRequest(body);
  const nearest = nearestFirst(request);
  const distance = haversineMiles('a', lat, lng);
  /** A table's accounts in the circle that are the caller's and pass the request's filters and search. */
  const inCircle = (params: SqlParams, fields: Record<keyof typeof MARKER_FIELDS, string>) => {
    const text = Object.fromEntries(Object.entries(fields).map(([field, sql]) => [field, `${sql}::text`]));
    const where = [...withinRadius('a', lat, lng, radius, params), ...filterPredicates(request.filters, text, params)];
    const scope = scopePredicate(call.context.scope, 'a.sales_rep', params);
    if (scope) where.push(scope);
    const search = searchPredicate(request.searchString, request.searchOperator, [text.accountId!, text.accountName!, text.city!], params);
    if (search) where.push(search);
    return where;
  };
  const tables = [
    { table: 'erp.customer', type: 'Customer', id: 'a.customer', name: 'a.customer_name' },
    { table: 'erp.ship_to', type: 'ShipTo', id: 'a.ship_to', name: 'a.ship_to_name' },
  ].map((t) => ({
    ...t,
    fields: { accountType: `'${t.type}'::text`, company: 'a.company', accountId: t.id, accountName: t.name, customer: 'a.customer', city: 'a.city', state: 'a.state', branch: 'a.branch', salesRep: 'a.sales_rep', distanceMiles: roundedMiles(distance) },
  }));

  const params = new SqlParams();
  const center = nearest ? `erp.geo_point(${params.add(lat)}::float8, ${params.add(lng)}::float8)` : '';
  const reach = nearest ? params.add(request.pageNumber * request.pageSize) : '';
  const parts = tables.map((t) => {
    const where = inCircle(params, t.fields);
    const select = markerSelect(t.type, t.id, t.name, 'a.customer', distance);
    if (!nearest) return `${select} FROM ${t.table} a WHERE ${where.join(' AND ')}`;
    // The planner walks the geo index when the circle holds many more accounts than asked, and
    // reads the coordinate box and sorts it when it holds few.
    return `(${select}, ${geoPoint('a')} <-> ${center} AS nearness FROM ${t.table} a WHERE ${where.join(' AND ')} ORDER BY nearness LIMIT ${reach})`;
  });
  const tieBreak = 'm."accountType", m.company, m."accountId"';
  const order = nearest ? `ORDER BY m.nearness, ${tieBreak}` : orderByClause(request, MARKER_FIELDS, { field: 'distanceMiles', dir: 'asc' }, tieBreak);
  const page = { text: `SELECT m.* FROM (${parts.join(' UNION ALL ')}) m ${order} ${pageClause(request, params)}`, values: params.values };
  const counted = new SqlParams();
  const counts = tables.map((t) => `(SELECT count(*) FROM ${t.table} a WHERE ${inCircle(counted, t.fields).join(' AND ')})`);
  const count = { text: `SELECT (${counts.join(' + ')})::int AS n`, values: counted.values };
  const { rows, totalCount } = await countedPage(call.db, page, count, request);
  const markers = rows.map(({ nearness: _nearness, ...row }) => row as Marker);
  await figures(call, markers);
  return {
    latitude: lat,
    longitude: lng,
    radius,
    thresholds,
    ...pageOf(request, totalCount),
    rows: markers.map((m) => ({ ...m, salesBand: bandOf(m.sales!, thresholds), bookingsBand: bandOf(m.bookings!, thresholds) })) as never,
  };
}

// ------------------------------------------------------------------------------ map routes
type StopInput = Static<typeof MapRouteStopInput>;
type Stop = Static<typeof MapRouteStop>;

/**
 * Stops (`source`: rows k of type, company, id, note and their order n) with their accounts'
 * names, places and coordinates where the account is the caller's (null otherwise).
 */
function resolvedStops(call: ErpCall, source: string, params: SqlParams): string {
  const scope = (alias: string) => scopePredicate(call.context.scope, `${alias}.sales_rep`, params) ?? 'true';
  return `SELECT k.n::int AS "stopOrder", k.type AS "accountType", k.company, k.id AS "accountId", k.note,
                 coalesce(c.customer_name, s.ship_to_name, p.prospect_name) AS "accountName",
                 coalesce(c.city, s.city, p.city) AS city, coalesce(c.state, s.state, p.state) AS state,
                 coalesce(c.latitude, s.latitude) AS latitude, coalesce(c.longitude, s.longitude) AS longitude
            FROM ${source}
            LEFT JOIN erp.customer c ON k.type = 'Customer' AND c.company = k.company AND c.customer = k.id AND ${scope('c')}
            LEFT JOIN erp.ship_to s ON k.type = 'ShipTo' AND s.company = k.company AND s.ship_to = k.id AND ${scope('s')}
            LEFT JOIN erp.prospect p ON k.type = 'Prospect' AND p.company = k.company AND p.prospect = k.id AND ${scope('p')}
           ORDER BY k.n`;
}

/** The stops asked for, each one of the caller's accounts (404 naming the first that is not). */
async function checkedStops(call: ErpCall, stops: readonly StopInput[]): Promise<Stop[]> {
  const params = new SqlParams();
  const arrays = [params.add(stops.map((s) => s.accountType)), params.add(stops.map((s) => s.company)), params.add(stops.map((s) => s.accountId)), params.add(stops.map((s) => s.note ?? null))];
  const source = `unnest(${arrays.map((a) => `${a}::text[]`).join(', ')}) WITH ORDINALITY AS k(type, company, id, note, n)`;
  const { rows } = await call.db.query<Stop>(resolvedStops(call, source, params), params.values);
  const missing = rows.find((r) => r.accountName === null);
  if (missing) throw notFound(`Stop ${missing.stopOrder}: ${missing.accountType} ${missing.accountId} of company ${missing.company} not found`);
  return rows;
}

type RouteRow = { mapRouteId: number; routeName: string; routeDate: string | null; notes: string | null; createdAt: string; updatedAt: string };
const ROUTE_COLUMNS = `r.map_route_id AS "mapRouteId", r.route_name AS "routeName", to_char(r.route_date, 'YYYY-MM-DD') AS "routeDate", r.notes,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"`;

/** One of the user's routes with its stops (names and coordinates of the accounts still his), or 404. */
async function route(call: ErpCall, user: SessionUser, mapRouteId: number) {
  const { rows } = await call.db.query<RouteRow>(`SELECT ${ROUTE_COLUMNS} FROM app.map_route r WHERE r.map_route_id = $1 AND r.user_master_id = $2`, [mapRouteId, user.userMasterId]);
  if (!rows[0]) throw notFound(`Map route ${mapRouteId} not found`);
  const params = new SqlParams();
  const id = params.add(mapRouteId);
  const source = `(SELECT stop_order AS n, account_type AS type, company, account_id AS id, note FROM app.map_route_stop WHERE map_route_id = ${id}) k`;
  const { rows: stops } = await call.db.query<Stop>(resolvedStops(call, source, params), params.values);
  return { ...rows[0], stops: stops.map((s) => ({ ...s, accountName: s.accountName ?? s.accountId })) };
}

type RouteFields = { routeName?: string; routeDate?: string | null; notes?: string | null; stops?: StopInput[] };

/** Creates (no mapRouteId) or changes one of the user's routes: the fields given, and the stops replaced when given. */
async function saveRoute(call: ErpCall, user: SessionUser, fields: RouteFields, mapRouteId?: number) {
  if (fields.routeDate && Number.isNaN(Date.parse(`${fields.routeDate}T00:00:00Z`))) throw badRequest(`body.routeDate ${fields.routeDate} is not a date`);
  const name = fields.routeName === undefined ? undefined : cleanName(fields.routeName, 'routeName');
  const stops = fields.stops && (await checkedStops(call, fields.stops));
  const id = await inTransaction(call.db, async (client) => {
    let saved: number | undefined;
    if (mapRouteId === undefined) {
      const { rows } = await client.query<{ id: number }>(
        'INSERT INTO app.map_route (user_master_id, route_name, route_date, notes) VALUES ($1, $2, $3, $4) RETURNING map_route_id AS id',
        [user.userMasterId, name, fields.routeDate ?? null, fields.notes ?? null],
      );
      saved = rows[0]!.id;
    } else {
      const { rows } = await client.query<{ id: number }>(
        `UPDATE app.map_route SET route_name = coalesce($3, route_name),
                route_date = CASE WHEN $4 THEN $5::date ELSE route_date END, notes = CASE WHEN $6 THEN $7 ELSE notes END, updated_at = now()
          WHERE map_route_id = $1 AND user_master_id = $2 RETURNING map_route_id AS id`,
        [mapRouteId, user.userMasterId, name ?? null, fields.routeDate !== undefined, fields.routeDate ?? null, fields.notes !== undefined, fields.notes ?? null],
      );
      saved = rows[0]?.id;
    }
    if (saved === undefined) return undefined;
    if (stops) {
      await client.query('DELETE FROM app.map_route_stop WHERE map_route_id = $1', [saved]);
      await client.query(
        `INSERT INTO app.map_route_stop (map_route_id, stop_order, account_type, company, account_id, note)
         SELECT $1, n, type, company, id, note FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) AS k(n, type, company, id, note)`,
        [saved, stops.map((s) => s.stopOrder), stops.map((s) => s.accountType), stops.map((s) => s.company), stops.map((s) => s.accountId), stops.map((s) => s.note)],
      );
    }
    return saved;
  });
  if (id === undefined) throw notFound(`Map route ${mapRouteId} not found`);
  return route(call, user, id);
}

type Point = { latitude: number; longitude: number };
const located = (s: { latitude: number | null; longitude: number | null }): s is Stop & Point => s.latitude !== null && s.longitude !== null;

/** Nearest-next from `start` over the located stops; the stops without coordinates keep their turn at the end. */
function nearestNext(stops: Stop[], start: Point | null): Stop[] {
  const left = stops.filter(located);
  const order: Stop[] = [];
  let at: Point | null = start;
  while (left.length) {
    const here: Point = at ?? left[0]!;
    let best = 0;
    for (let i = 1; i < left.length; i++) if (milesBetween(here, left[i]!) < milesBetween(here, left[best]!)) best = i;
    at = left.splice(best, 1)[0]!;
    order.push(at as Stop);
  }
  return [...order, ...stops.filter((s) => !located(s))];
}

type CoordinatesBody = { optimize?: boolean; startLatitude?: number; startLongitude?: number };

/** The route's stops with the miles of each leg; optimize reorders and saves them nearest-next first. */
async function coordinates(call: ErpCall, user: SessionUser, mapRouteId: number, body: CoordinatesBody | undefined) {
  if ((body?.startLatitude === undefined) !== (body?.startLongitude === undefined)) throw badRequest('startLatitude and startLongitude go together');
  const start = body?.startLatitude !== undefined && body.startLongitude !== undefined ? { latitude: body.startLatitude, longitude: body.startLongitude } : null;
  let current = await route(call, user, mapRouteId);
  if (body?.optimize && current.stops.length > 1) {
    const stops = nearestNext(current.stops, start).map(({ accountType, company, accountId, note }) => ({ accountType, company, accountId, note }));
    current = await saveRoute(call, user, { stops }, mapRouteId);
  }
  let previous: Point | null = start;
  const legMiles = current.stops.map((stop) => {
    if (!located(stop)) return null;
    const leg = previous ? Math.round(milesBetween(previous, stop) * 100) / 100 : 0;
    previous = stop;
    return leg;
  });
  return { ...current, legMiles, totalMiles: Math.round(legMiles.reduce<number>((a, b) => a + (b ?? 0), 0) * 100) / 100 };
}

// ------------------------------------------------------------------------------ routes
export async function mapRoutes(app: FastifyInstance): Promise<void> {
  // The map's reads come from the ERP data alone: answered from the result cache.
  const scoped = answerer((user) => erpCall(app.db, user, []));
  const markers = answerer((user) => erpCall(app.db, user, ['MapDefaultSearchRadius', 'MapThresholds']));
  // Routes live in the app database (they change without a data load): never cached.
  const live = (user: SessionUser) => erpCall(app.db, user, []);

  serve(app, customerLatitudeLongitude, async (request) =>
    scoped(request, async (call) => {
      const found = await findCustomer(call, request.params.customer, request.query.company);
      return { company: found.company, customer: found.customer, customerName: found.customerName, latitude: found.latitude, longitude: found.longitude };
    }),
  );
  serve(app, customerMapList, async (request) => scoped(request, (call) => listPage(call, customerMapRows(null), request.body)));
  serve(app, customerMapRadius, async (request) => {
    const { lat, lng, radius } = request.params;
    checkPoint(lat, lng, radius);
    return scoped(request, (call) => listPage(call, customerMapRows(haversineMiles('c', lat, lng)), request.body, (params) => withinRadius('c', lat, lng, radius, params)));
  });
  serve(app, shipToMapList, async (request) => scoped(request, (call) => listPage(call, shipToMapRows, request.body)));
  // crossCustomerSearchEnabled is accepted, but nothing in a request widens the caller's data scope.
  serve(app, mapRadius, async (request) => markers(request, (call) => radiusSearch(call, request.params.lat, request.params.lng, request.params.radius, request.body)));

  serve(app, mapRouteList, async (request) => {
    const { rows } = await app.db.query(
      `SELECT r.map_route_id AS "mapRouteId", r.route_name AS "routeName", to_char(r.route_date, 'YYYY-MM-DD') AS "routeDate",
              (SELECT count(*)::int FROM app.map_route_stop s WHERE s.map_route_id = r.map_route_id) AS "stopCount",
              to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"
         FROM app.map_route r WHERE r.user_master_id = $1 ORDER BY r.route_date DESC NULLS LAST, lower(r.route_name), r.map_route_id`,
      [request.user.userMasterId],
    );
    return { rows };
  });
  serve(app, mapRouteById, async (request) => route(await live(request.user), request.user, request.params.mapRouteId));
  serve(app, mapRouteCreate, async (request) => saveRoute(await live(request.user), request.user, request.body));
  serve(app, mapRouteUpdate, async (request) => {
    const { mapRouteId, ...fields } = request.body;
    return saveRoute(await live(request.user), request.user, fields, mapRouteId);
  });
  serve(app, mapRouteDelete, async (request) => {
    const { rowCount } = await app.db.query('DELETE FROM app.map_route WHERE map_route_id = $1 AND user_master_id = $2', [request.query.mapRouteId, request.user.userMasterId]);
    if (!rowCount) throw notFound(`Map route ${request.query.mapRouteId} not found`);
    return { mapRouteId: request.query.mapRouteId };
  });
  serve(app, mapRouteCoordinates, async (request) => coordinates(await live(request.user), request.user, request.params.mapRouteId, request.body));
}
