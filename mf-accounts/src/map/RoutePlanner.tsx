import type { ReactNode } from 'react';
import { formatDate } from '@tradeboard/shared/boards';
import { Alert, ArrowDownOutlined, ArrowUpOutlined, Button, DeleteOutlined, Popconfirm, PlusOutlined } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/edit';
import { markerKey, type MapMarkerValue } from './mapData.ts';
import type { RoutePlannerState } from './useRoutePlanner.ts';
import { errorMessage } from '@tradeboard/shared/web';

/** The route planner's panel: the saved routes, and the route being planned with its stops in order. */
export default function RoutePlanner({ planner, nearby }: { planner: RoutePlannerState; nearby: readonly MapMarkerValue[] }): ReactNode {
  const { draft } = planner;
  const planned = new Set(draft.stops.map(markerKey));
  const canSave = draft.routeName.trim() !== '' && draft.stops.length > 0 && !planner.busy;
  return (
    <section className="tb-planner" aria-label="Route planner">
      <div className="tb-planner__pick">
        <Select
          aria-label="Saved routes"
          placeholder={planner.routes.length ? 'Open a saved route…' : 'No saved routes yet'}
          value={draft.mapRouteId ?? undefined}
          onChange={(value: number) => planner.open(value)}
          options={planner.routes.map((route) => ({
            value: route.mapRouteId,
            label: `${route.routeName}${route.routeDate ? ` · ${formatDate(route.routeDate)}` : ''} (${route.stopCount})`,
          }))}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => planner.open()}>
          New
        </Button>
      </div>
      {planner.loadError && <Alert type="warning" showIcon title="This route could not be opened" description={errorMessage(planner.loadError)} />}
      <div className="tb-form tb-planner__fields">
        <div className="tb-field">
          <label htmlFor="route-name">Route name</label>
          <Input id="route-name" value={draft.routeName} maxLength={100} onChange={(event) => planner.edit({ routeName: event.target.value })} />
        </div>
        <div className="tb-field">
          <label htmlFor="route-date">Date</label>
          <Input id="route-date" type="date" value={draft.routeDate} onChange={(event) => planner.edit({ routeDate: event.target.value })} />
        </div>
      </div>
      <h2 className="tb-map-side__title">
        Stops {draft.stops.length > 0 && <span className="tb-muted">({draft.stops.length})</span>}
        {planner.totalMiles !== null && <span className="tb-muted"> · {planner.totalMiles.toFixed(0)} miles</span>}
      </h2>
      {draft.stops.length === 0 ? (
        <p className="tb-muted">Click the accounts on the map to add them as stops.</p>
      ) : (
        <ol className="tb-stops" aria-label="Stops">
          {draft.stops.map((stop, index) => (
            <li key={`${stop.accountType}|${stop.company}|${stop.accountId}`} className="tb-stop">
              <span className="tb-stop__number">{index + 1}</span>
              <span className="tb-stop__name">
                {stop.accountName}
                <span className="tb-muted"> · {[stop.city, stop.state].filter(Boolean).join(', ') || stop.accountId}</span>
              </span>
              <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`Move ${stop.accountName} up`} disabled={index === 0} onClick={() => planner.moveStop(index, -1)} />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={`Move ${stop.accountName} down`}
                disabled={index === draft.stops.length - 1}
                onClick={() => planner.moveStop(index, 1)}
              />
              <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={`Remove ${stop.accountName}`} onClick={() => planner.removeStop(index)} />
            </li>
          ))}
        </ol>
      )}
      {planner.error ? <Alert type="error" showIcon title="The route was not saved" description={errorMessage(planner.error)} /> : null}
      <div className="tb-planner__actions">
        <Button type="primary" disabled={!canSave} loading={planner.busy} onClick={() => void planner.save()}>
          Save Route
        </Button>
        {draft.mapRouteId && (
          <>
            <Button disabled={planner.busy || draft.stops.length < 3} onClick={() => void planner.optimize()}>
              Optimize order
            </Button>
            <Popconfirm title="Are you sure?" description="This route will be deleted." onConfirm={() => void planner.remove()}>
              <Button danger disabled={planner.busy}>
                Delete
              </Button>
            </Popconfirm>
          </>
        )}
      </div>
      <h2 className="tb-map-side__title">Nearby accounts</h2>
      <ul className="tb-group__list" aria-label="Nearby accounts">
        {nearby.map((marker) => (
          <li key={markerKey(marker)} className="tb-stop">
            <span className="tb-stop__name">
              {marker.accountName}
              <span className="tb-muted"> · {marker.distanceMiles.toFixed(0)} mi</span>
            </span>
            <Button size="small" icon={<PlusOutlined />} aria-label={`Add ${marker.accountName} to the route`} disabled={planned.has(markerKey(marker))} onClick={() => planner.addStop(marker)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
