import { describe, expect, it } from 'vitest';
import { gpsCheck, needsReason } from './gps.ts';

const account = { latitude: 41.88, longitude: -87.63 };
const north = (miles: number) => ({ latitude: account.latitude + miles / 69.09, longitude: account.longitude });

describe('gpsCheck', () => {
  it('is verified within the radius and asks for a reason beyond it', () => {
    const near = gpsCheck({ state: 'located', position: north(1) }, account, 5);
    expect(near).toEqual({ kind: 'verified', miles: 1 });
    expect(needsReason(near)).toBe(false);
    const far = gpsCheck({ state: 'located', position: north(10) }, account, 5);
    expect(far).toEqual({ kind: 'far', miles: 10 });
    expect(needsReason(far)).toBe(true);
    expect(gpsCheck({ state: 'located', position: north(5) }, account, 5).kind).toBe('verified');
  });

  it('asks for a reason without permission or position, and leaves an account without a place to the server', () => {
    expect(needsReason(gpsCheck({ state: 'denied' }, account, 5))).toBe(true);
    expect(needsReason(gpsCheck({ state: 'unavailable' }, account, 5))).toBe(true);
    expect(gpsCheck({ state: 'located', position: north(1) }, null, 5)).toEqual({ kind: 'unknown' });
    expect(needsReason(gpsCheck({ state: 'locating' }, account, 5))).toBe(false);
  });
});
