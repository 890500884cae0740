import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  routePath,
  type Contract,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type ContractResult,
} from '@tradeboard/shared/contracts';
import { requireSession, type SessionUser } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route serves (serve). */
    contract?: Contract;
  }
}

export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: ContractParams<C>;
  Querystring: ContractQuery<C>;
  Body: ContractBody<C>;
}>;

type Handler<C extends Contract> = (
  request: ContractRequest<C> & { user: C['access'] extends 'session' ? SessionUser : SessionUser | undefined },
  reply: FastifyReply,
) => Promise<ContractResult<C> | void>;

/** Registers a call exactly as its contract defines it: path, schemas, and who may call it. */
export function serve<C extends Contract>(app: FastifyInstance, contract: C, handler: Handler<C>): void {
  app.route({
    method: contract.method,
    url: routePath(contract.path),
    schema: {
      summary: contract.summary,
      response: contract.response,
      ...(contract.params && { params: contract.params }),
      ...(contract.querystring && { querystring: contract.querystring }),
      ...(contract.body && { body: contract.body }),
    },
    // The session is checked before the body is parsed and validated: an anonymous caller gets
    // 401 whatever he sends, and learns nothing of the schemas.
    onRequest: contract.access === 'session' ? requireSession : undefined,
    // Calls anyone may make that change something are limited per client (the real one:
    // forwarded headers count only from TRUST_PROXY's proxies).
    config: {
      contract,
      ...(contract.access === 'public' && contract.method !== 'GET' && {
        rateLimit: { max: app.serviceConfig.publicWritesPerMinute, timeWindow: '1 minute' },
      }),
    },
    handler: handler as never,
  });
}
