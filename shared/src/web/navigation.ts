import { useSyncExternalStore, type MouseEvent } from 'react';

const NAVIGATE_EVENT = 'tradeboard:navigate';

/**
 * Client-side navigation shared by the shell and every remote. single-spa patches
 * history.pushState/replaceState and reroutes its applications; the event lets React
 * views that read the location (useLocation) re-render.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const current = window.location.pathname + window.location.search + window.location.hash;
  if (to === current) return;
  if (options.replace) window.history.replaceState(window.history.state, '', to);
  else window.history.pushState(window.history.state, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** A plain left click: the app follows it in place; with a modifier or another button the browser opens a tab or window. */
export function isPlainClick(event: MouseEvent<Element>): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0);
}

/** A link's click handler: a plain left click navigates in place (after `before`), any other is the browser's. */
export function followInApp(href: string, before?: () => void): (event: MouseEvent<Element>) => void {
  return (event) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    before?.();
    navigate(href);
  };
}

/**
 * A routing rule's answer: replaces the address `from` (path and query string) with `to`, unless
 * the page has moved on since the rule was decided. A click made while the rule waited for its
 * data (a section's boards) wins over the stale redirect.
 */
export function redirect(from: string, to: string): void {
  if (window.location.pathname + window.location.search !== from) return;
  navigate(to, { replace: true });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

export type AppLocation = { pathname: string; search: string };

let lastLocation: AppLocation = { pathname: '', search: '' };

function snapshot(): AppLocation {
  const { pathname, search } = window.location;
  if (pathname !== lastLocation.pathname || search !== lastLocation.search) lastLocation = { pathname, search };
  return lastLocation;
}

/** The current path and query string; re-renders on every navigation. */
export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The first path segment ('/sales/12' → 'sales'), '' at the root. */
export function firstSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/** Whether a path lies under a route prefix ('/login/2fa' is under '/login'); case-insensitive. */
export function isUnderRoute(pathname: string, route: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const prefix = route.toLowerCase().replace(/\/+$/, '') || '/';
  if (prefix === '/') return path === '/';
  return path === prefix || path.startsWith(`${prefix}/`);
}
