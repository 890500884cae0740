import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { mapRouteById, mapRouteCoordinates, mapRouteCreate, mapRouteDelete, mapRouteList, mapRouteUpdate, type ContractResult } from '@tradeboard/shared/contracts';
import { api, navigate } from '@tradeboard/shared/web';
import { ROUTES_ROUTE } from './mapAddress.ts';
import { markerKey, type MapMarkerValue } from './mapData.ts';

type SavedRoute = ContractResult<typeof mapRouteById>;
export type PlannedStop = {
  accountType: SavedRoute['stops'][number]['accountType'];
  company: string;
  accountId: string;
  accountName: string;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
};
export type RouteDraft = { mapRouteId: number | null; routeName: string; routeDate: string; stops: PlannedStop[] };

const today = () => new Date().toISOString().slice(0, 10);
const EMPTY_DRAFT = (): RouteDraft => ({ mapRouteId: null, routeName: '', routeDate: today(), stops: [] });

function draftOf(route: SavedRoute): RouteDraft {
  return {
    mapRouteId: route.mapRouteId,
    routeName: route.routeName,
    routeDate: route.routeDate ?? '',
    stops: route.stops.map(({ accountType, company, accountId, accountName, city, state, latitude, longitude }) => ({ accountType, company, accountId, accountName, city, state, latitude, longitude })),
  };
}

/** /map/routes?routeId=…: the route open in the planner. */
export function routeHref(mapRouteId?: number): string {
  return mapRouteId ? `${ROUTES_ROUTE}?${new URLSearchParams({ routeId: String(mapRouteId) })}` : ROUTES_ROUTE;
}

/**
 * The route planner's state (the six MapRoutes calls): the saved routes, the route being edited
 * (the one in the address, else a new one), its stops in visiting order; saving puts the route in
 * the address so a reload shows it.
 */
export function useRoutePlanner(search: string) {
  const routeId = Number(new URLSearchParams(search).get('routeId')) || null;
  const routes = useSWR('map-routes', () => api.call(mapRouteList), { revalidateOnFocus: false });
  const saved = useSWR(routeId ? ['map-route', routeId] : null, () => api.call(mapRouteById, { params: { mapRouteId: routeId! } }), { revalidateOnFocus: false });
  const [draft, setDraft] = useState<RouteDraft>(EMPTY_DRAFT);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [legMiles, setLegMiles] = useState<{ totalMiles: number } | null>(null);

  useEffect(() => {
    if (saved.data) setDraft(draftOf(saved.data));
    else if (!routeId) setDraft(EMPTY_DRAFT());
    setLegMiles(null);
  }, [saved.data, routeId]);

  const addStop = useCallback((marker: MapMarkerValue) => {
    setDraft((current) => {
      if (current.stops.some((stop) => markerKey(stop) === markerKey(marker))) return current;
      const { accountType, company, accountId, accountName, city, state, latitude, longitude } = marker;
      return { ...current, stops: [...current.stops, { accountType, company, accountId, accountName, city, state, latitude, longitude }] };
    });
  }, []);
  const removeStop = (index: number) => setDraft((current) => ({ ...current, stops: current.stops.filter((_, i) => i !== index) }));
  const moveStop = (index: number, by: -1 | 1) =>
    setDraft((current) => {
      const target = index + by;
      if (target < 0 || target >= current.stops.length) return current;
      const stops = [...current.stops];
      [stops[index], stops[target]] = [stops[target]!, stops[index]!];
      return { ...current, stops };
    });
  const edit = (fields: Partial<Pick<RouteDraft, 'routeName' | 'routeDate'>>) => setDraft((current) => ({ ...current, ...fields }));

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(async () => {
      const body = {
        routeName: draft.routeName.trim(),
        routeDate: draft.routeDate || null,
        stops: draft.stops.map(({ accountType, company, accountId }) => ({ accountType, company, accountId })),
      };
      const route = draft.mapRouteId ? await api.call(mapRouteUpdate, { body: { mapRouteId: draft.mapRouteId, ...body } }) : await api.call(mapRouteCreate, { body });
      await saved.mutate(route, { revalidate: false });
      await routes.mutate();
      setDraft(draftOf(route));
      navigate(routeHref(route.mapRouteId), { replace: true });
    });
  const remove = () =>
    run(async () => {
      if (!draft.mapRouteId) return;
      await api.call(mapRouteDelete, { query: { mapRouteId: draft.mapRouteId } });
      await routes.mutate();
      navigate(routeHref(), { replace: true });
    });
  const optimize = () =>
    run(async () => {
      if (!draft.mapRouteId) return;
      const route = await api.call(mapRouteCoordinates, { params: { mapRouteId: draft.mapRouteId }, body: { optimize: true } });
      setDraft(draftOf(route));
      setLegMiles({ totalMiles: route.totalMiles });
      await saved.mutate(route, { revalidate: false });
    });

  const points = useMemo(
    () =>
      draft.stops
        .filter((stop) => stop.latitude !== null && stop.longitude !== null)
        .map((stop) => ({ key: markerKey(stop), name: stop.accountName, lat: stop.latitude!, lng: stop.longitude! })),
    [draft.stops],
  );

  return {
    routes: routes.data?.rows ?? [],
    routesError: routes.error,
    loading: !!routeId && !saved.data && !saved.error,
    loadError: saved.error,
    draft,
    points,
    busy,
    error,
    totalMiles: legMiles?.totalMiles ?? null,
    addStop,
    removeStop,
    moveStop,
    edit,
    save,
    remove,
    optimize,
    open: (mapRouteId?: number) => navigate(routeHref(mapRouteId)),
  };
}

export type RoutePlannerState = ReturnType<typeof useRoutePlanner>;
