import {
  fillPath,
  type Contract,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type ContractResult,
} from './contracts/contract.ts';

/** Seed 001 §8: the message for each status; anything else is 'Generic Error'. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function messageForStatus(status: number): string {
  return STATUS_MESSAGES[status] ?? 'Generic Error';
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
    message: string = messageForStatus(status),
  ) {
    super(message);
  }

  /** The server's own message when it sent one in the error body. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown } | null;
    return typeof body?.message === 'string' ? body.message : undefined;
  }
}

export class CancelError extends Error {
  override readonly name = 'CancelError';
  constructor() {
    super('Request aborted');
  }
}

export type ApiClientConfig = {
  /** The API base address, `/api` by default. */
  base: string;
  /** Seed §9: credentials are off at the client level unless enabled; the app enables them. */
  withCredentials: boolean;
  token?: string;
  username?: string;
  password?: string;
  /** Where the anti-forgery token comes from for state-changing calls. */
  antiforgeryToken?: () => Promise<string>;
};

export type CallOptions<C extends Contract> = {
  params?: ContractParams<C>;
  query?: ContractQuery<C>;
  body?: ContractBody<C>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Per-call message overrides by status. */
  messages?: Partial<Record<number, string>>;
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? response.json() : response.text();
}

function authorizationHeader(config: ApiClientConfig): string | undefined {
  if (config.token) return `Bearer ${config.token}`;
  if (config.username && config.password) return `Basic ${btoa(`${config.username}:${config.password}`)}`;
  return undefined;
}

export function createApiClient(config: ApiClientConfig) {
  async function call<C extends Contract>(contract: C, options: CallOptions<C> = {}): Promise<ContractResult<C>> {
    const url = `${config.base}${fillPath(contract.path, options.params as Record<string, unknown>)}${queryString(options.query)}`;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const authorization = authorizationHeader(config);
    if (authorization) headers.Authorization = authorization;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (STATE_CHANGING.has(contract.method) && config.antiforgeryToken) {
      headers['X-XSRF-TOKEN'] = await config.antiforgeryToken();
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: contract.method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: config.withCredentials ? 'include' : 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted || (error as Error)?.name === 'AbortError') throw new CancelError();
      throw error;
    }
    const body = await readBody(response);
    if (!response.ok) {
      throw new ApiError(url, response.status, response.statusText, body, options.messages?.[response.status]);
    }
    return body as ContractResult<C>;
  }
  return { call, config };
}

export type ApiClient = ReturnType<typeof createApiClient>;
