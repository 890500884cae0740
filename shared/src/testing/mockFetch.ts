import { vi, type Mock } from 'vitest';

export type Reply = { status?: number; json?: unknown; text?: string };
export type Handler = (request: { url: string; method: string; body: unknown; headers: Record<string, string> }) =>
  | Reply
  | Promise<Reply>;

export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

/**
 * Stubs fetch with handlers keyed "METHOD /api/path" (path without query). The anti-forgery
 * token call is answered unless a handler is given; anything else unhandled is a 404.
 */
export function mockFetch(handlers: Record<string, Handler>): FetchMock {
  const fetchMock: FetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const key = `${method} ${decodeURIComponent(path)}`;
    const handler =
      handlers[key] ??
      (key === 'GET /api/Authenticate/GenerateAntiforgeryToken' ? () => ({ text: 'xsrf-token' }) : undefined);
    if (!handler) return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: key }), { status: 404 });
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = await handler({ url, method, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status });
    if (reply.text !== undefined) return new Response(reply.text, { status, headers: { 'content-type': 'text/plain' } });
    return new Response(JSON.stringify(reply.json ?? null), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one "METHOD /api/path". */
export function callsTo(fetchMock: FetchMock, key: string): { body: unknown; headers: Record<string, string> }[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${decodeURIComponent(String(input).split('?')[0])}` === key)
    .map(([, init]) => ({
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    }));
}

/** A promise to resolve later: holds a call "in flight". */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function errorBody(statusCode: number, message: string): Reply {
  return { status: statusCode, json: { statusCode, error: 'Error', message } };
}
