import { Type, type TSchema } from 'typebox';
import { AnalyticsSearchRequest, ListResult } from './analytics.ts';
import { ErrorBody, RowId } from './common.ts';
import { defineContract } from './contract.ts';
import { ErpErrors } from './erp-accounting.ts';
import { ShipToListItem } from './erp-accounts.ts';

// The map (seed 001 §7.12 Map, ShipTo/Map; §7.13 MapRoutes). Markers are the caller's customers
// and ship-tos: his data scope is kept whatever the request says (crossCustomerSearchEnabled
// included). The radius search reads an index (a bounding box on the indexed coordinates),
// nearest first. Map routes are a user's own saved day routes over chosen accounts: another
// user's route answers 404.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const OptText = Nullable(Type.String());
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Code = Type.String({ minLength: 1, maxLength: 40 });
const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

export const MapAccountType = Type.Union([Type.Literal('Customer'), Type.Literal('ShipTo')]);

/** A marker: the account, where it is, how far from the centre, and its figures for the legend's bands. */
export const MapMarker = Type.Object({
  accountType: MapAccountType,
  company: Text,
  accountId: Text,
  accountName: Text,
  /** The ship-to's customer (the customer itself for a customer). */
  customer: Text,
  address: OptText,
  city: OptText,
  state: OptText,
  postalCode: OptText,
  branch: Text,
  salesRep: Text,
  latitude: Type.Number(),
  longitude: Type.Number(),
  distanceMiles: Type.Number(),
  /** Invoiced sales and bookings of the last twelve months (through today). */
  sales: Type.Number(),
  bookings: Type.Number(),
  /** How many of the MapThresholds the sales reach (0 … thresholds.length). */
  salesBand: Type.Integer(),
  bookingsBand: Type.Integer(),
});

export const mapRadius = defineContract({
  method: 'POST',
  path: '/Map/Radius/{lat}/{lng}/{radius}',
  service: 'analytics',
  access: 'session',
  summary:
    'Your customers and ship-tos within radius miles (0: MapDefaultSearchRadius) of a point, nearest first, with sales and bookings banded by MapThresholds (filters: accountType, company, branch, salesRep, state); crossCustomerSearchEnabled never widens your data scope',
  params: Type.Object({ lat: Latitude, lng: Longitude, radius: Type.Number({ minimum: 0, maximum: 12500 }) }),
  querystring: Type.Object({ crossCustomerSearchEnabled: Type.Optional(Type.Boolean()) }),
  body: AnalyticsSearchRequest,
  response: {
    200: ListResult(MapMarker, { latitude: Type.Number(), longitude: Type.Number(), radius: Type.Number(), thresholds: Type.Array(Type.Number()) }),
    ...ErpErrors,
  },
});

export const ShipToMapItem = Type.Object({ ...ShipToListItem.properties, latitude: Type.Number(), longitude: Type.Number() });
export const shipToMapList = defineContract({
  method: 'POST',
  path: '/ShipTo/Map/List',
  service: 'analytics',
  access: 'session',
  summary: 'Your ship-tos that have coordinates: searched, filtered, sorted, paged',
  body: AnalyticsSearchRequest,
  response: { 200: ListResult(ShipToMapItem), ...ErpErrors },
});

// ------------------------------------------------------------------------------ map routes
export const RouteAccountType = Type.Union([Type.Literal('Customer'), Type.Literal('ShipTo'), Type.Literal('Prospect')]);
export const MapRouteStopInput = Type.Object({ accountType: RouteAccountType, company: Code, accountId: Code, note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))) });
export const MapRouteStop = Type.Object({
  stopOrder: Type.Integer(),
  accountType: RouteAccountType,
  company: Text,
  accountId: Text,
  accountName: Text,
  city: OptText,
  state: OptText,
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  note: OptText,
});
export const MapRoute = Type.Object({
  mapRouteId: Type.Integer(),
  routeName: Text,
  routeDate: Nullable(IsoDate),
  notes: OptText,
  stops: Type.Array(MapRouteStop),
  createdAt: Text,
  updatedAt: Text,
});
export const MapRouteSummary = Type.Object({ mapRouteId: Type.Integer(), routeName: Text, routeDate: Nullable(IsoDate), stopCount: Type.Integer(), updatedAt: Text });

const RouteFields = {
  routeName: Type.String({ minLength: 1, maxLength: 100 }),
  routeDate: Type.Optional(Nullable(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 }))),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  /** The stops in visiting order; each one of your accounts (at most 100). */
  stops: Type.Array(MapRouteStopInput, { maxItems: 100 }),
};
export const MapRouteCreate = Type.Object(RouteFields);
export const MapRouteUpdate = Type.Object({
  mapRouteId: RowId,
  routeName: Type.Optional(RouteFields.routeName),
  routeDate: RouteFields.routeDate,
  notes: RouteFields.notes,
  stops: Type.Optional(RouteFields.stops),
});
const RouteIdParams = Type.Object({ mapRouteId: RowId });
const RouteErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const mapRouteList = defineContract({
  method: 'GET',
  path: '/MapRoutes/List',
  service: 'analytics',
  access: 'session',
  summary: 'Your saved map routes, by route date (newest first), then name',
  response: { 200: Type.Object({ rows: Type.Array(MapRouteSummary) }), 401: ErrorBody },
});
export const mapRouteById = defineContract({
  method: 'GET',
  path: '/MapRoutes/{mapRouteId}',
  service: 'analytics',
  access: 'session',
  summary: 'One of your map routes with its stops in order',
  params: RouteIdParams,
  response: { 200: MapRoute, ...RouteErrors },
});
export const mapRouteCreate = defineContract({
  method: 'POST',
  path: '/MapRoutes',
  service: 'analytics',
  access: 'session',
  summary: 'Saves a new map route over your accounts',
  body: MapRouteCreate,
  response: { 200: MapRoute, ...RouteErrors },
});
export const mapRouteUpdate = defineContract({
  method: 'PATCH',
  path: '/MapRoutes',
  service: 'analytics',
  access: 'session',
  summary: 'Changes one of your map routes (mapRouteId in the body; the fields given; stops replace the old ones)',
  body: MapRouteUpdate,
  response: { 200: MapRoute, ...RouteErrors },
});
export const mapRouteDelete = defineContract({
  method: 'DELETE',
  path: '/MapRoutes',
  service: 'analytics',
  access: 'session',
  summary: 'Deletes one of your map routes (query mapRouteId)',
  querystring: RouteIdParams,
  response: { 200: Type.Object({ mapRouteId: Type.Integer() }), ...RouteErrors },
});
export const mapRouteCoordinates = defineContract({
  method: 'POST',
  path: '/MapRoutes/Coordinates/{mapRouteId}',
  service: 'analytics',
  access: 'session',
  summary:
    "One of your routes' stops with their coordinates and the straight-line miles of each leg; optimize true reorders the stops nearest-next from the start point (default: the first stop) and saves that order",
  params: RouteIdParams,
  body: Type.Optional(
    Type.Object({ optimize: Type.Optional(Type.Boolean()), startLatitude: Type.Optional(Latitude), startLongitude: Type.Optional(Longitude) }),
  ),
  response: {
    200: Type.Object({
      ...MapRoute.properties,
      /** Miles from the previous stop (from the start point, or 0, for the first); null where a stop has no coordinates. */
      legMiles: Type.Array(Nullable(Type.Number())),
      totalMiles: Type.Number(),
    }),
    ...RouteErrors,
  },
});
