/** API errors are recognised by name (the client's ApiError), not by class identity across bundles. */
export function apiStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && (error as { name?: unknown }).name === 'ApiError') {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

export function isUnauthorized(error: unknown): boolean {
  return apiStatus(error) === 401;
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
