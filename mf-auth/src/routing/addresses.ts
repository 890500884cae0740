/** A same-origin path (`/x…`, never `//host`) we may navigate to inside the app. */
export function isInternalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** An address the browser may be sent to for single sign-on: http(s) only. */
export function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
