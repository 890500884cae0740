import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecureRequest, newToken } from './session.ts';

/**
 * Double-submit anti-forgery token: the token lives in an HttpOnly SameSite=Strict cookie and
 * the page sends it back in the X-XSRF-TOKEN header. Another site can neither read the token
 * nor set the header.
 */
export const XSRF_COOKIE = 'tb_xsrf';
export const XSRF_HEADER = 'x-xsrf-token';

export function issueAntiforgeryToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[XSRF_COOKIE];
  const token = existing && existing.length === 43 ? existing : newToken();
  reply.setCookie(XSRF_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: isSecureRequest(request) });
  return token;
}

export function hasValidAntiforgeryToken(request: FastifyRequest): boolean {
  const header = request.headers[XSRF_HEADER];
  const cookie = request.cookies[XSRF_COOKIE];
  if (typeof header !== 'string' || !cookie || header.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
}
