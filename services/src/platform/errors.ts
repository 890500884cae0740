import type { FastifyError, FastifyInstance } from 'fastify';

/** An error whose message is safe to show: it becomes the error body as it is (a 5xx's too). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message };
}

/** The one error handler: 4xx say what was wrong, 5xx never leak internals (only an HttpError's own message). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      const message = error instanceof HttpError ? error.message : (STATUS_TEXT[statusCode] ?? 'Internal Server Error');
      return reply.status(statusCode).send(errorBody(statusCode, message));
    }
    if (error instanceof HttpError) reply.headers(error.headers);
    const validation = (error as FastifyError).validation;
    const message = validation ? `${(error as FastifyError).validationContext ?? 'request'}${describe(validation[0])}` : error.message;
    return reply.status(statusCode).send(errorBody(statusCode, message));
  });
}

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

function describe(issue: ValidationIssue | undefined): string {
  if (!issue) return ' is invalid';
  const field = issue.instancePath ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  const missing = issue.params?.missingProperty ?? issue.params?.requiredProperties;
  if (missing) return `${field ? `.${field}` : ''} must have property ${String(missing)}`;
  const extra = issue.params?.additionalProperty;
  if (extra) return ` has unknown property ${String(extra)}`;
  return `${field ? `.${field}` : ''} ${issue.message ?? 'is invalid'}`;
}
