import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The backend service that owns a call; the gateway mounts or proxies by this name. */
export type ServiceName = 'auth' | 'user' | 'system' | 'notifications' | 'admin' | 'boards' | 'analytics';

export const SERVICE_NAMES: readonly ServiceName[] = ['auth', 'user', 'system', 'notifications', 'admin', 'boards', 'analytics'];

/** Who may make the call: anyone, or only a signed-in session. */
export type Access = 'public' | 'session';

export type Contract = {
  method: HttpMethod;
  /** The seed's path after the API base, with {name} for path parameters. */
  path: string;
  service: ServiceName;
  summary: string;
  access: Access;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** Response schemas by status; a text response uses Type.String(). */
  response: Record<number, TSchema>;
  /** When the anti-forgery check fails on this call, answer with this instead of 403. */
  xsrfFailure?: { statusCode: number; message: string };
};

export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

export type ContractParams<C extends Contract> = StaticOr<C['params'], undefined>;
export type ContractQuery<C extends Contract> = StaticOr<C['querystring'], undefined>;
export type ContractBody<C extends Contract> = StaticOr<C['body'], undefined>;
export type ContractResult<C extends Contract> = C['response'] extends { 200: infer R }
  ? StaticOr<R, unknown>
  : undefined;

/** `/Board/List/{sectionMasterId}` → `/Board/List/:sectionMasterId` (Fastify's syntax). */
export function routePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{name}` placeholders, encoding each value. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The first path segment, used to route a whole resource to its service. */
export function resourceOf(path: string): string {
  return path.split('/')[1] ?? '';
}
