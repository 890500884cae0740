import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Cookies = Record<string, string>;

/** A browser-like client for fastify.inject: keeps cookies and the anti-forgery token. */
export class TestBrowser {
  cookies: Cookies = {};
  xsrf?: string;
  ip: string;

  constructor(
    readonly app: FastifyInstance,
    ip = '10.1.1.1',
  ) {
    this.ip = ip;
  }

  private cookieHeader(): string {
    return Object.entries(this.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }

  private keep(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) delete this.cookies[cookie.name];
      else this.cookies[cookie.name] = cookie.value;
    }
  }

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options: { body?: unknown; headers?: Record<string, string>; xsrf?: boolean } = {}) {
    if (method !== 'GET' && options.xsrf !== false) {
      this.xsrf ??= (await this.request('GET', '/api/Authenticate/GenerateAntiforgeryToken')).body;
    }
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...options.headers };
    if (method !== 'GET' && options.xsrf !== false) headers['x-xsrf-token'] = this.xsrf!;
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    this.keep(response);
    return response;
  }

  login(email: string, password: string, persistCookie = false) {
    return this.request('POST', '/api/Authenticate/CookieLogin', { body: { email, password, persistCookie } });
  }
}

/** A multipart/form-data body holding one file in the field `file`. */
export function multipart(fileName: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = `----tb${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
