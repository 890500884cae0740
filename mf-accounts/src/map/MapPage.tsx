import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { customerLatitudeLongitude } from '@tradeboard/shared/contracts';
import { formatMoney } from '@tradeboard/shared/boards';
import { Alert, Button, Skeleton } from '@tradeboard/shared/ui';
import { Select } from '@tradeboard/shared/ui/edit';
import { api, errorMessage, followInApp, isUnderRoute, navigate, useTradeboardStore } from '@tradeboard/shared/web';
import { accountSummaryHref } from '../api/accountSearch.ts';
import { numberSetting } from '../api/userAccess.ts';
import { MAP_ROUTE, ROUTES_ROUTE, mapFocusOf } from './mapAddress.ts';
import {
  DEFAULT_RADIUS_MILES,
  DEFAULT_THRESHOLDS,
  RADIUS_CHOICES,
  accountsCentroid,
  legendBands,
  mapTileUrl,
  markerKey,
  radiusSearch,
  type LatLng,
  type MapMarkerValue,
  type MapMeasure,
} from './mapData.ts';
import { useRoutePlanner } from './useRoutePlanner.ts';

const AccountMap = lazy(() => import('./AccountMap.tsx'));
const RoutePlanner = lazy(() => import('./RoutePlanner.tsx'));

type Show = 'all' | 'Customer' | 'ShipTo';
const SHOW_CHOICES: Array<{ value: Show; label: string }> = [
  { value: 'all', label: 'Customers and ship-tos' },
  { value: 'Customer', label: 'Customers' },
  { value: 'ShipTo', label: 'Ship-tos' },
];
const MEASURE_CHOICES: Array<{ value: MapMeasure; label: string }> = [
  { value: 'sales', label: 'Colour by sales' },
  { value: 'bookings', label: 'Colour by bookings' },
];

/** Where the map starts: the account in the address, else the centroid of the user's accounts. */
function useStartCentre(search: string): { centre: LatLng | undefined; error: unknown } {
  const focus = mapFocusOf(search);
  const key = focus && focus.accountType === 'customer' ? ['map-focus', focus.company, focus.accountId] : ['map-centroid'];
  const { data, error } = useSWR(key, async () => {
    if (focus && focus.accountType === 'customer') {
      const where = await api.call(customerLatitudeLongitude, { params: { customer: focus.accountId }, query: { company: focus.company } });
      if (where.latitude !== null && where.longitude !== null) return { lat: where.latitude, lng: where.longitude };
    }
    return accountsCentroid();
  });
  return { centre: data, error };
}

function Legend({ thresholds, measure }: { thresholds: readonly number[]; measure: MapMeasure }): ReactNode {
  return (
    <section className="tb-legend" aria-label="Legend">
      <h2 className="tb-legend__title">{measure === 'sales' ? 'Sales' : 'Bookings'}, last 12 months</h2>
      <ul>
        {legendBands(thresholds).map((band) => (
          <li key={band.band}>
            <span className="tb-legend__swatch" style={{ background: band.colour }} aria-hidden />
            {band.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /map: the user's customers and ship-tos within a radius of a point (default: the centroid of his
 * accounts, radius MapDefaultSearchRadius), markers banded by sales or bookings with a legend,
 * clustered when zoomed out; a marker opens the account summary. /map/routes plans a day's route:
 * a marker adds a stop.
 */
export default function MapPage({ pathname, search }: { pathname: string; search: string }): ReactNode {
  const planning = isUnderRoute(pathname, ROUTES_ROUTE);
  const user = useTradeboardStore((state) => state.user);
  const defaultRadius = numberSetting(user, 'MapDefaultSearchRadius', DEFAULT_RADIUS_MILES);
  const [radius, setRadius] = useState(defaultRadius);
  const [show, setShow] = useState<Show>('all');
  const [measure, setMeasure] = useState<MapMeasure>('sales');
  const start = useStartCentre(search);
  const [centre, setCentre] = useState<LatLng | undefined>(undefined);
  const [view, setView] = useState<LatLng | undefined>(undefined);
  useEffect(() => {
    if (start.centre) setCentre(start.centre);
  }, [start.centre]);
  const tiles = useSWR('map-tile-url', mapTileUrl, { revalidateOnFocus: false });
  const markers = useSWR(centre ? ['map-radius', centre.lat, centre.lng, radius, show] : null, () => radiusSearch(centre!, radius, show), { keepPreviousData: true });
  const rows = useMemo(() => markers.data?.rows ?? [], [markers.data]);
  const planner = useRoutePlanner(search);

  const onMarker = useCallback(
    (marker: MapMarkerValue) => {
      if (planning) planner.addStop(marker);
      else navigate(accountSummaryHref(marker));
    },
    [planning, planner],
  );
  const moved = view && centre && (Math.abs(view.lat - centre.lat) > 0.01 || Math.abs(view.lng - centre.lng) > 0.01);
  const radiusChoices = [...new Set([...RADIUS_CHOICES, defaultRadius])].sort((a, b) => a - b);

  let side: ReactNode;
  if (planning) side = <RoutePlanner planner={planner} nearby={rows} />;
  else
    side = (
      <section aria-label="Accounts within the radius">
        <h2 className="tb-map-side__title">
          {markers.data ? `${markers.data.totalCount.toLocaleString('en-US')} within ${radius} miles` : 'Accounts'}
          {markers.data && markers.data.totalCount > rows.length && <span className="tb-muted"> (nearest {rows.length} shown)</span>}
        </h2>
        <ol className="tb-group__list tb-map-list">
          {rows.map((marker) => (
            <li key={markerKey(marker)}>
              <a
                className="tb-result"
                href={accountSummaryHref(marker)}
                onClick={followInApp(accountSummaryHref(marker))}
              >
                <div className="tb-hit">
                  <div className="tb-hit__title">
                    <span className="tb-hit__name">{marker.accountName}</span>
                    <span className="tb-hit__id">{marker.distanceMiles.toFixed(0)} mi</span>
                  </div>
                  <div className="tb-hit__meta">
                    <span>{marker.accountType === 'ShipTo' ? 'Ship To' : 'Customer'} {marker.accountId}</span>
                    <span>{[marker.city, marker.state].filter(Boolean).join(', ')}</span>
                    <span>{formatMoney(measure === 'sales' ? marker.sales : marker.bookings)}</span>
                  </div>
                </div>
              </a>
            </li>
          ))}
        </ol>
      </section>
    );

  return (
    <div className="tb-page tb-map-page">
      <div className="tb-map-head">
        <h1 className="tb-page__title">{planning ? 'Route planner' : 'Map'}</h1>
        <nav className="tb-map-tabs" aria-label="Map views">
          <a href={MAP_ROUTE} aria-current={planning ? undefined : 'page'} onClick={(event) => (event.preventDefault(), navigate(MAP_ROUTE))}>
            Accounts
          </a>
          <a href={ROUTES_ROUTE} aria-current={planning ? 'page' : undefined} onClick={(event) => (event.preventDefault(), navigate(ROUTES_ROUTE))}>
            Route planner
          </a>
        </nav>
      </div>
      <div className="tb-map-toolbar">
        <Select aria-label="Radius" value={radius} onChange={setRadius} options={radiusChoices.map((miles) => ({ value: miles, label: `${miles} miles` }))} />
        <Select aria-label="Show" value={show} onChange={setShow} options={SHOW_CHOICES} />
        <Select aria-label="Colour by" value={measure} onChange={setMeasure} options={MEASURE_CHOICES} />
        {moved && <Button onClick={() => setCentre(view)}>Search this area</Button>}
      </div>
      {(start.error || markers.error) && <Alert type="error" showIcon title="The map could not be loaded" description={errorMessage(start.error ?? markers.error)} />}
      <div className="tb-map-layout">
        <div className="tb-map" aria-busy={markers.isLoading}>
          {centre ? (
            <Suspense fallback={<Skeleton.Node active className="tb-map__canvas" />}>
              <AccountMap
                centre={centre}
                radiusMiles={radius}
                markers={rows}
                measure={measure}
                tileUrl={tiles.data ?? null}
                onMarker={onMarker}
                route={planner.points}
                onView={setView}
              />
            </Suspense>
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
          <Legend thresholds={markers.data?.thresholds ?? DEFAULT_THRESHOLDS} measure={measure} />
        </div>
        <aside className="tb-map-side">
          <Suspense fallback={<Skeleton active />}>{side}</Suspense>
        </aside>
      </div>
    </div>
  );
}
