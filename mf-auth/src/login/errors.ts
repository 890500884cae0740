import { UNEXPECTED_ERROR_TEXT } from '../constants.ts';

/** The parts of `ApiError` (@tradeboard/shared/api-client) this remote reads. */
export type ApiErrorLike = Error & { status: number; serverMessage?: string };

/**
 * Checked by shape. Since shared/web imports the API client by package name, `ApiError` is one
 * class across remotes and `instanceof` would work too; the shape check also accepts an error
 * from an older remote build.
 */
export function isApiError(error: unknown, status?: number): error is ApiErrorLike {
  if (!(error instanceof Error) || error.name !== 'ApiError') return false;
  const actual = (error as Partial<ApiErrorLike>).status;
  return typeof actual === 'number' && (status === undefined || actual === status);
}

/**
 * The text to show for a failed call: the page's own text for the expected failure status,
 * the server's message for throttling (it says when to retry), a generic one otherwise.
 */
export function failureText(error: unknown, expected?: { status: number; text: string }): string {
  if (expected && isApiError(error, expected.status)) return expected.text;
  if (isApiError(error, 429)) return error.serverMessage ?? 'Too many attempts, please try again later';
  return UNEXPECTED_ERROR_TEXT;
}
