import { afterEach, describe, expect, it } from 'vitest';
import { navigate, redirect } from './navigation.ts';

describe('redirect', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('replaces the address it was decided for, without a history entry', () => {
    navigate('/home?filter=1');
    const entries = window.history.length;
    redirect('/home?filter=1', '/home/10?filter=1');
    expect(window.location.pathname + window.location.search).toBe('/home/10?filter=1');
    expect(window.history.length).toBe(entries);
  });

  it('leaves the page alone once it has moved on (a click while the rule waited for its data)', () => {
    navigate('/home');
    navigate('/orders');
    redirect('/home', '/home/10');
    expect(window.location.pathname).toBe('/orders');
  });
});
