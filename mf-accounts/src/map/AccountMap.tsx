import { useEffect, useMemo, useState, type ReactNode } from 'react';
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?raw';
import { Circle, GeoJSON, MapContainer, Marker, Polyline, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { feature } from 'topojson-client';
import type { FeatureCollection } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import states from 'us-atlas/states-10m.json';
import { useReducedMotion } from '@tradeboard/shared/web';
import { bandColour, markerKey, type LatLng, type MapMarkerValue, type MapMeasure } from './mapData.ts';

export type RouteStopPoint = { key: string; name: string; lat: number; lng: number };

type Props = {
  centre: LatLng;
  radiusMiles: number;
  markers: readonly MapMarkerValue[];
  measure: MapMeasure;
  tileUrl: string | null;
  onMarker: (marker: MapMarkerValue) => void;
  /** The route being planned: numbered pins joined in order. */
  route?: readonly RouteStopPoint[];
  /** Reports where the map is looking when the user pans or zooms. */
  onView?: (centre: LatLng) => void;
};

const METRES_PER_MILE = 1609.344;

/** The packaged boundary set (us-atlas states), drawn as the offline basemap. */
const topology = states as unknown as Topology<{ states: GeometryCollection }>;
const STATES = feature(topology, topology.objects.states) as unknown as FeatureCollection;


/**
 * Icons are cached by what they draw: a marker given the same icon object keeps its element, so a
 * re-render (every pan or zoom) does not replace every pin under the pointer.
 */
const icons = new Map<string, L.DivIcon>();
function cachedIcon(key: string, make: () => L.DivIcon): L.DivIcon {
  let icon = icons.get(key);
  if (!icon) icons.set(key, (icon = make()));
  return icon;
}

/** A marker's pin; its drawn label is hidden from assistive technology, which reads the marker's title. */
function pinIcon(colour: string, label?: string): L.DivIcon {
  return cachedIcon(`pin ${colour} ${label ?? ''}`, () =>
    L.divIcon({
      className: 'tb-pin',
      html: `<span class="tb-pin__dot${label ? ' tb-pin__dot--stop' : ''}" style="background:${colour}" aria-hidden="true">${label ?? ''}</span>`,
      iconSize: label ? [24, 24] : [16, 16],
    }),
  );
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 30 : count < 100 ? 36 : 44;
  return cachedIcon(`cluster ${count}`, () => L.divIcon({ className: 'tb-cluster', html: `<span>${count}</span>`, iconSize: [size, size] }));
}

/** Follows the map's view: clusters are cut for it, and the page hears where it looks. */
function useView(onView?: (centre: LatLng) => void): { bounds: L.LatLngBounds; zoom: number } {
  const map = useMap();
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useMapEvents({
    moveend: () => {
      setView({ bounds: map.getBounds(), zoom: map.getZoom() });
      const centre = map.getCenter();
      onView?.({ lat: centre.lat, lng: centre.lng });
    },
  });
  return view;
}

/** The markers, clustered when zoomed out (supercluster); a cluster's click zooms in on it. */
function MarkerLayer({ markers, measure, onMarker, onView }: Pick<Props, 'markers' | 'measure' | 'onMarker' | 'onView'>): ReactNode {
  const map = useMap();
  const { bounds, zoom } = useView(onView);
  const reducedMotion = useReducedMotion();
  const index = useMemo(() => {
    const cluster = new Supercluster<{ i: number }>({ radius: 48, maxZoom: 10 });
    cluster.load(markers.map((marker, i) => ({ type: 'Feature', properties: { i }, geometry: { type: 'Point', coordinates: [marker.longitude, marker.latitude] } })));
    return cluster;
  }, [markers]);
  const clusters = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.round(zoom));
  return (
    <>
      {clusters.map((point) => {
        const [lng, lat] = point.geometry.coordinates as [number, number];
        const props = point.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; i?: number };
        if (props.cluster) {
          return (
            <Marker
              key={`c${props.cluster_id}`}
              position={[lat, lng]}
              icon={clusterIcon(props.point_count ?? 0)}
              title={`${props.point_count} accounts`}
              eventHandlers={{
                click: () => {
                  const expanded = Math.min(index.getClusterExpansionZoom(props.cluster_id!), 14);
                  if (reducedMotion) map.setView([lat, lng], expanded, { animate: false });
                  else map.flyTo([lat, lng], expanded, { duration: 0.4 });
                },
              }}
            />
          );
        }
        const marker = markers[props.i!]!;
        const band = measure === 'sales' ? marker.salesBand : marker.bookingsBand;
        return (
          <Marker
            key={markerKey(marker)}
            position={[lat, lng]}
            icon={pinIcon(bandColour(band))}
            title={`${marker.accountName} (${marker.accountId})`}
            alt={marker.accountName}
            eventHandlers={{ click: () => onMarker(marker) }}
          />
        );
      })}
    </>
  );
}

/** Re-centres the map when the searched point changes (not when the user pans). */
function Recentre({ centre }: { centre: LatLng }): null {
  const map = useMap();
  useEffect(() => {
    map.setView([centre.lat, centre.lng], map.getZoom(), { animate: false });
  }, [map, centre.lat, centre.lng]);
  return null;
}

/** Zoom that shows a radius of `miles` around the centre on a map about 600 px tall. */
export function zoomForRadius(miles: number): number {
  return Math.max(3, Math.min(12, Math.round(Math.log2(24_000 / miles))));
}

/**
 * The map (Leaflet): the packaged US states as an offline basemap, tiles only when MAP_TILE_URL is
 * configured, the search radius, the markers banded by the chosen measure and the route's pins.
 */
export default function AccountMap({ centre, radiusMiles, markers, measure, tileUrl, onMarker, route = [], onView }: Props): ReactNode {
  // "Reduce motion" (the system setting): zooms jump instead of gliding.
  const reducedMotion = useReducedMotion();
  return (
    <>
      <style href="tradeboard-leaflet" precedence="medium">
        {leafletCss}
      </style>
      <MapContainer
        className="tb-map__canvas"
        center={[centre.lat, centre.lng]}
        zoom={zoomForRadius(radiusMiles)}
        minZoom={2}
        maxZoom={16}
        worldCopyJump
        attributionControl={!!tileUrl}
        zoomAnimation={!reducedMotion}
        fadeAnimation={!reducedMotion}
        markerZoomAnimation={!reducedMotion}
      >
        {tileUrl && <TileLayer url={tileUrl} />}
        <GeoJSON data={STATES} style={{ className: 'tb-state', weight: 1 }} interactive={false} />
        <Circle center={[centre.lat, centre.lng]} radius={radiusMiles * METRES_PER_MILE} pathOptions={{ className: 'tb-radius' }} interactive={false} />
        <Recentre centre={centre} />
        <MarkerLayer markers={markers} measure={measure} onMarker={onMarker} onView={onView} />
        {route.length > 1 && <Polyline positions={route.map((stop) => [stop.lat, stop.lng] as [number, number])} pathOptions={{ className: 'tb-route-line' }} interactive={false} />}
        {route.map((stop, i) => (
          <Marker key={`stop-${stop.key}`} position={[stop.lat, stop.lng]} icon={pinIcon('#2563eb', String(i + 1))} title={`Stop ${i + 1}: ${stop.name}`} zIndexOffset={1000} />
        ))}
      </MapContainer>
    </>
  );
}
