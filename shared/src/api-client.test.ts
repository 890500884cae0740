import { Type } from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CancelError, createApiClient, messageForStatus } from './api-client.ts';
import { defineContract } from './contracts/contract.ts';

const getThing = defineContract({
  method: 'GET',
  path: '/Thing/{thingId}',
  service: 'system',
  access: 'session',
  summary: 'test',
  params: Type.Object({ thingId: Type.String() }),
  querystring: Type.Object({ company: Type.Optional(Type.String()) }),
  response: { 200: Type.Object({ id: Type.String() }) },
});

const saveThing = defineContract({
  method: 'POST',
  path: '/Thing',
  service: 'system',
  access: 'session',
  summary: 'test',
  body: Type.Object({ name: Type.String() }),
  response: { 204: Type.Null() },
});

function respond(body: BodyInit | null, init: ResponseInit & { contentType?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.contentType) headers.set('content-type', init.contentType);
  const fetchMock = vi.fn(async () => new Response(body, { ...init, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('fills path parameters, adds the query, sends JSON Accept and includes credentials when enabled', async () => {
    const fetchMock = respond(JSON.stringify({ id: 'a/b' }), { status: 200, contentType: 'application/json; charset=utf-8' });
    const api = createApiClient({ base: '/api', withCredentials: true });
    const result = await api.call(getThing, { params: { thingId: 'a/b' }, query: { company: '01' } });
    expect(result).toEqual({ id: 'a/b' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/Thing/a%2Fb?company=01');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Accept).toBe('application/json');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('keeps credentials same-origin by default (seed §9) and adds bearer or basic only when configured', async () => {
    const fetchMock = respond('{}', { status: 200, contentType: 'application/json' });
    await createApiClient({ base: '', withCredentials: false, token: 't0k' }).call(getThing, { params: { thingId: '1' } });
    await createApiClient({ base: '', withCredentials: false, username: 'u', password: 'p' }).call(getThing, { params: { thingId: '1' } });
    const headers = fetchMock.mock.calls.map((call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>).Authorization);
    expect(headers).toEqual(['Bearer t0k', `Basic ${btoa('u:p')}`]);
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].credentials).toBe('same-origin');
  });

  it('sends the anti-forgery token on state-changing calls only, and 204 gives no body', async () => {
    const fetchMock = respond(null, { status: 204 });
    const antiforgeryToken = vi.fn(async () => 'xsrf');
    const api = createApiClient({ base: '/api', withCredentials: true, antiforgeryToken });
    expect(await api.call(saveThing, { body: { name: 'n' } })).toBeUndefined();
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('xsrf');
    expect(init.body).toBe('{"name":"n"}');
    respond('{}', { status: 200, contentType: 'application/json' });
    await api.call(getThing, { params: { thingId: '1' } });
    expect(antiforgeryToken).toHaveBeenCalledTimes(1);
  });

  it('reads non-JSON answers as text', async () => {
    respond('PASSWORD', { status: 200, contentType: 'text/plain' });
    expect(await createApiClient({ base: '', withCredentials: true }).call(getThing, { params: { thingId: '1' } })).toBe('PASSWORD');
  });

  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [418, 'Generic Error'],
    [429, 'Generic Error'],
  ])('maps status %i to %s and keeps url, status, status text and body', async (status, message) => {
    respond(JSON.stringify({ statusCode: status, message: 'why' }), { status, statusText: 'Text', contentType: 'application/json' });
    const error = (await createApiClient({ base: '/api', withCredentials: true })
      .call(getThing, { params: { thingId: '7' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe(message);
    expect(messageForStatus(status)).toBe(message);
    expect([error.url, error.status, error.statusText, error.body]).toEqual(['/api/Thing/7', status, 'Text', { statusCode: status, message: 'why' }]);
    expect(error.serverMessage).toBe('why');
  });

  it('lets a call override the message for a status', async () => {
    respond('{}', { status: 404, contentType: 'application/json' });
    const error = (await createApiClient({ base: '', withCredentials: true })
      .call(getThing, { params: { thingId: '7' }, messages: { 404: 'No such thing' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('No such thing');
  });

  it('raises CancelError "Request aborted" for a cancelled request', async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const controller = new AbortController();
    const pending = createApiClient({ base: '', withCredentials: true }).call(getThing, { params: { thingId: '1' }, signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelError);
    expect((error as Error).name).toBe('CancelError');
    expect((error as Error).message).toBe('Request aborted');
  });
});
