import { createApiClient } from '@tradeboard/shared/api-client';
import { generateAntiforgeryToken } from '@tradeboard/shared/contracts';

const API_BASE = '/api';

let antiforgeryToken: Promise<string> | undefined;

/** The anti-forgery token, fetched once per page and again after a sign-in or sign-out. */
export function currentAntiforgeryToken(): Promise<string> {
  antiforgeryToken ??= fetch(`${API_BASE}${generateAntiforgeryToken.path}`, { credentials: 'include' }).then(
    async (response) => {
      if (!response.ok) {
        antiforgeryToken = undefined;
        throw new Error(`Anti-forgery token: ${response.status}`);
      }
      return response.text();
    },
  );
  return antiforgeryToken;
}

export function resetAntiforgeryToken(): void {
  antiforgeryToken = undefined;
}

/** The browser's API client: credentials included, anti-forgery header on state changes. */
export const api = createApiClient({
  base: API_BASE,
  withCredentials: true,
  antiforgeryToken: currentAntiforgeryToken,
});
