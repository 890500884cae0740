import { useEffect, useState } from 'react';
import { milesBetween } from '@tradeboard/shared/constants';

export type Position = { latitude: number; longitude: number };
export type Located =
  | { state: 'locating' }
  | { state: 'located'; position: Position }
  /** The browser has no geolocation, or the user refused it. */
  | { state: 'denied' }
  | { state: 'unavailable' };

/** The browser's position, asked for once while `active` (the activity editor is open). */
export function useBrowserLocation(active: boolean): Located {
  const [located, setLocated] = useState<Located>({ state: 'locating' });
  useEffect(() => {
    if (!active) return;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setLocated({ state: 'unavailable' });
      return;
    }
    let live = true;
    setLocated({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => live && setLocated({ state: 'located', position: { latitude: position.coords.latitude, longitude: position.coords.longitude } }),
      (error) => live && setLocated({ state: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
    return () => {
      live = false;
    };
  }, [active]);
  return located;
}

export type GpsCheck =
  | { kind: 'locating' }
  | { kind: 'verified'; miles: number }
  | { kind: 'far'; miles: number }
  /** Located, but the account's location is unknown here: the server decides on save. */
  | { kind: 'unknown' }
  | { kind: 'denied' }
  | { kind: 'unavailable' };

/** What the editor says about the user's location against the account's (radius in miles). */
export function gpsCheck(located: Located, account: Position | null, radius: number): GpsCheck {
  if (located.state !== 'located') return { kind: located.state };
  if (!account) return { kind: 'unknown' };
  const miles = Math.round(milesBetween(located.position, account) * 10) / 10;
  return miles <= radius ? { kind: 'verified', miles } : { kind: 'far', miles };
}

/** Whether the user must give a reason before saving. */
export const needsReason = (check: GpsCheck) => check.kind === 'far' || check.kind === 'denied' || check.kind === 'unavailable';
