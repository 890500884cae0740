import { mutate } from 'swr';
import { isUnauthorized, SESSION_KEY } from './session.ts';

/** The HTTP status of a failed call: the client's ApiError, recognised by name (not class identity) across bundles. */
export function apiStatus(error: unknown): number | undefined {
  const candidate = error as { name?: unknown; status?: unknown } | null;
  return candidate?.name === 'ApiError' && typeof candidate.status === 'number' ? candidate.status : undefined;
}

export function isNotFound(error: unknown): boolean {
  return apiStatus(error) === 404;
}

/** The server's message (error body) when there is one, else the error's own. */
export function errorMessage(error: unknown): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  if (body && typeof body.message === 'string') return body.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A remote's SWR settings. A 401 from any read means the session is gone: the shell checks it again
 * (GetBySession is a shared SWR key) and its failure sends the page to /login (seed §2), never to
 * /notFound. Every tree of a remote reads with it: SWR tells only the hook that started a shared request.
 */
export const remoteSwrConfig = {
  onError: (error: unknown) => {
    if (isUnauthorized(error)) void mutate(SESSION_KEY);
  },
};
