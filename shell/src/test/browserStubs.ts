import { vi } from 'vitest';

export type FetchCall = { url: string; method: string; body: unknown };

/** jsdom lacks matchMedia (antd's responsive helpers need it). */
export function stubMatchMedia(matches = false): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

/** A fetch double that records calls; `respond` picks the answer per URL. */
export function stubFetch(respond: (url: string, init?: RequestInit) => Response | Promise<Response> = () => new Response(null, { status: 204 })): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, method: init?.method ?? 'GET', body });
      if (url.includes('Antiforgery')) return new Response('token', { status: 200, headers: { 'content-type': 'text/plain' } });
      return respond(url, init);
    }),
  );
  return calls;
}
