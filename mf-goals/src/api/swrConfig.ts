import { mutate } from 'swr';
import { SESSION_KEY } from '@tradeboard/shared/web';

/** The HTTP status of a failed call (the client's ApiError, recognised by name across bundles). */
export function apiStatus(error: unknown): number | undefined {
  const candidate = error as { name?: unknown; status?: unknown } | null;
  return candidate?.name === 'ApiError' && typeof candidate.status === 'number' ? candidate.status : undefined;
}

/** A 401 from any read: the shell checks the session again and sends the page to /login when it is gone. */
export const swrConfig = {
  onError: (error: unknown) => {
    if (apiStatus(error) === 401) void mutate(SESSION_KEY);
  },
  revalidateOnFocus: false,
};

/** The server's message (error body) when there is one, else the error's own. */
export function errorMessage(error: unknown): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  if (body && typeof body.message === 'string') return body.message;
  return error instanceof Error ? error.message : String(error);
}
