import { customerMapList, mapRadius, type ContractResult } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';

export type MapMarkerValue = ContractResult<typeof mapRadius>['rows'][number];
export type RadiusAnswer = ContractResult<typeof mapRadius>;
export type LatLng = { lat: number; lng: number };
export type MapMeasure = 'sales' | 'bookings';

/** One account's key on the map and in a route (accountType|company|accountId). */
export const markerKey = (marker: { accountType: string; company: string; accountId: string }) => `${marker.accountType}|${marker.company}|${marker.accountId}`;

/** Seed 000 §9 MapDefaultSearchRadius and the map thresholds for sales and bookings. */
export const DEFAULT_RADIUS_MILES = 500;
export const DEFAULT_THRESHOLDS = [50_000, 150_000, 250_000, 350_000, 450_000, 2_000_000];
export const RADIUS_CHOICES = [25, 50, 100, 250, 500, 1000, 2500];
/** Markers a radius search shows at most. */
export const MARKER_LIMIT = 500;
/** The middle of the contiguous United States: the centre when a user has no account with coordinates. */
export const US_CENTRE: LatLng = { lat: 39.5, lng: -98.35 };

/** A band's colour, from below the first threshold (0) to at or above the last (thresholds.length). */
const BAND_COLOURS = ['#94a3b8', '#60a5fa', '#22d3ee', '#34d399', '#a3e635', '#fbbf24', '#ef4444'];
export function bandColour(band: number): string {
  return BAND_COLOURS[Math.max(0, Math.min(BAND_COLOURS.length - 1, band))]!;
}

const money = (value: number) => (value >= 1_000_000 ? `$${value / 1_000_000}M` : `$${Math.round(value / 1000)}K`);

/** The legend's rows: under the first threshold, each band between two, at or above the last. */
export function legendBands(thresholds: readonly number[]): Array<{ band: number; label: string; colour: string }> {
  return [0, ...thresholds.map((_, i) => i + 1)].map((band) => {
    const low = thresholds[band - 1];
    const high = thresholds[band];
    const label = low === undefined ? `under ${money(high!)}` : high === undefined ? `${money(low)} and over` : `${money(low)} – ${money(high)}`;
    return { band, label, colour: bandColour(band) };
  });
}

/** The centroid of the user's customers that have coordinates (the map's default centre). */
export async function accountsCentroid(signal?: AbortSignal): Promise<LatLng> {
  const result = await api.call(customerMapList, { body: { pageSize: 500, pageNumber: 1 }, signal });
  if (!result.rows.length) return US_CENTRE;
  const sum = result.rows.reduce((total, row) => ({ lat: total.lat + row.latitude, lng: total.lng + row.longitude }), { lat: 0, lng: 0 });
  return { lat: sum.lat / result.rows.length, lng: sum.lng / result.rows.length };
}

/** The user's customers and ship-tos within `radius` miles of `centre`, nearest first. */
export function radiusSearch(centre: LatLng, radius: number, accountType: 'all' | 'Customer' | 'ShipTo', signal?: AbortSignal): Promise<RadiusAnswer> {
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return api.call(mapRadius, {
    params: { lat: round(centre.lat), lng: round(centre.lng), radius },
    body: {
      pageSize: MARKER_LIMIT,
      pageNumber: 1,
      ...(accountType === 'all' ? {} : { filters: [{ field: 'accountType', comparison: 'equals' as const, values: [accountType] }] }),
    },
    signal,
  });
}

/** The tile server the gateway passes (MAP_TILE_URL), if any; the map works offline without one. */
export async function mapTileUrl(): Promise<string | null> {
  try {
    const response = await fetch('/remotes/manifest.json', { cache: 'no-cache' });
    if (!response.ok) return null;
    const body = (await response.json()) as { map?: { tileUrl?: unknown } };
    return typeof body.map?.tileUrl === 'string' ? body.map.tileUrl : null;
  } catch {
    return null;
  }
}
