import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { allContracts, resourceOf, routePath, type Contract, type ServiceName } from '@tradeboard/shared/contracts';
import {
  errorBody,
  hasValidAntiforgeryToken,
  registerPlatform,
  servicePlugins,
  type ServiceContext,
  VALIDATION,
} from '@tradeboard/services';
import { remoteEntryUrl, type GatewayConfig } from './config.ts';
import { openApiFromContracts } from './openapi.ts';
import { servedVersion } from './servedVersion.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route registered, as "METHOD /api/path" (documentation and proxy routes included). */
    apiRoutes: string[];
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HASHED_FILE = /\.[0-9a-f]{16,}\./;

/** Hashed files never change; everything else is revalidated on every load. */
function setCacheHeaders(reply: { header(name: string, value: string): unknown }, filePath: string): void {
  reply.header('cache-control', HASHED_FILE.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

function contractsByRoute(): Map<string, Contract> {
  return new Map(allContracts.map((c) => [`${c.method} /api${routePath(c.path)}`, c]));
}

function remoteOrigins(config: GatewayConfig): string[] {
  return config.remotes.filter((r) => r.url).map((r) => new URL(r.url!).origin);
}

/** The origin of MAP_TILE_URL (its placeholders removed), which the page may load images from. */
export function tileOrigin(config: Pick<GatewayConfig, 'mapTileUrl'>): string[] {
  if (!config.mapTileUrl) return [];
  try {
    return [new URL(config.mapTileUrl.replace(/\{[a-z]\}/gi, 'a')).origin];
  } catch {
    return [];
  }
}

type RemoteDeclarations = {
  routes: string[];
  public: boolean;
  renderers: Record<string, string>;
  sidebar?: string;
  slots?: Record<string, string>;
  slotSections?: Record<string, string[]>;
};

/** A manifest's `name → exposed module` map (renderers, slots), its string entries only. */
function moduleMap(value: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(typeof value === 'object' && value !== null ? value : {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A manifest's `slot → section names` map, for the slots it fills only. */
function sectionMap(value: unknown, slots: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(typeof value === 'object' && value !== null ? value : {}).filter(
      (entry): entry is [string, string[]] => entry[0] in slots && Array.isArray(entry[1]) && entry[1].every((section) => typeof section === 'string'),
    ),
  );
}

/**
 * A local remote's declarations as data (`<remote.dir>/manifest.json`, emitted by the build from
 * the remote's src/manifest.json): its routes, whether they are public, and the component
 * renderers it contributes (key → exposed module) and the slots it fills (slot → exposed module, and the sections a section slot is filled on). Undefined when it has none or it cannot be
 * read: then the shell loads the remote's `./manifest` as before.
 */
function localRemoteDeclarations(dir: string): RemoteDeclarations | undefined {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) return undefined;
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { routes?: unknown; public?: unknown; renderers?: unknown; sidebar?: unknown; slots?: unknown; slotSections?: unknown };
    if (!Array.isArray(data.routes) || !data.routes.every((route) => typeof route === 'string')) return undefined;
    const renderers = moduleMap(data.renderers);
    const slots = moduleMap(data.slots);
    const slotSections = sectionMap(data.slotSections, slots);
    return {
      routes: data.routes,
      public: data.public === true,
      renderers,
      ...(typeof data.sidebar === 'string' ? { sidebar: data.sidebar } : {}),
      ...(Object.keys(slots).length ? { slots } : {}),
      ...(Object.keys(slotSections).length ? { slotSections } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * /remotes/manifest.json: every remote with its entry; an enabled remote served from here also
 * carries its routes, whether they are public and its renderers, so neither the shell nor the
 * board renderer registry loads a remote's code to learn them (DESIGN §3). Reads the remotes' manifest files: call it once, at start-up.
 */
export function remoteManifest(config: GatewayConfig) {
  return {
    // The browser's share of the configuration: the map's tile server (MAP_TILE_URL), when there is one.
    ...(config.mapTileUrl ? { map: { tileUrl: config.mapTileUrl } } : {}),
    remotes: config.remotes.map((remote) => ({
      id: remote.id,
      name: remote.name,
      entry: remoteEntryUrl(remote),
      enabled: remote.enabled,
      ...(remote.disabledReason ? { disabledReason: remote.disabledReason } : {}),
      ...(remote.enabled && !remote.url ? localRemoteDeclarations(remote.dir) : undefined),
    })),
  };
}

/**
 * The anti-forgery check, once for every service, mounted or proxied. It follows the route the
 * request matched, never the URL's text: the router decodes `/%61pi/…`, so a check on the
 * spelling of the path let such a request through.
 */
function installAntiforgeryCheck(app: FastifyInstance): void {
  const contracts = contractsByRoute();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    if (!STATE_CHANGING.has(request.method) || !route?.startsWith('/api/')) return;
    if (hasValidAntiforgeryToken(request)) return;
    // A proxied service's route is its resource's wildcard: its contract is found by the path.
    const contract = contracts.get(`${request.method} ${route}`) ?? contracts.get(`${request.method} ${decodedPath(request.url)}`);
    const failure = contract?.xsrfFailure ?? {
      statusCode: 403,
      message: 'The anti-forgery token is missing or invalid. Reload the page and try again.',
    };
    return reply.status(failure.statusCode).send(errorBody(failure.statusCode, failure.message));
  });
}

function decodedPath(url: string): string {
  const pathname = url.split('?')[0]!;
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * What a proxied call answers when its service cannot be reached (stopped, restarting, killed
 * mid-answer): the services' own error body, 503 (504 when it did not answer in time), naming
 * the service and never the proxy's internals. Only that service's calls fail; an answer the
 * service gave, its own 503 included, passes through as it is.
 */
function upstreamFailure(service: ServiceName): NonNullable<FastifyHttpProxyOptions['replyOptions']>['onError'] {
  return (reply, { error }) => {
    reply.log.warn({ err: error, service }, 'proxied service unavailable');
    const statusCode = (error as { statusCode?: number }).statusCode === 504 ? 504 : 503;
    const message =
      statusCode === 504 ? `The ${service} service did not answer in time. Try again in a moment.` : `The ${service} service is unavailable. Try again in a moment.`;
    reply.status(statusCode).header('retry-after', '1').send(errorBody(statusCode, message));
  };
}

async function registerServices(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  for (const [name, plugin] of Object.entries(servicePlugins) as Array<[ServiceName, (typeof servicePlugins)[ServiceName]]>) {
    const upstream = config.serviceUrls[name];
    if (!upstream) {
      await app.register(plugin, { prefix: '/api' });
      continue;
    }
    const resources = new Set(allContracts.filter((c) => c.service === name).map((c) => resourceOf(c.path)));
    for (const resource of resources) {
      await app.register(httpProxy, {
        upstream,
        prefix: `/api/${resource}`,
        rewritePrefix: `/api/${resource}`,
        replyOptions: { onError: upstreamFailure(name) },
      });
    }
  }
}

async function registerStatic(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const shellDir = path.join(config.rootDir, 'shell', 'dist');
  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: setCacheHeaders,
  });
  for (const remote of config.remotes.filter((r) => r.enabled && !r.url)) {
    await app.register(fastifyStatic, {
      root: remote.dir,
      prefix: `/remotes/${remote.id}/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  }
  const manifest = remoteManifest(config);
  app.get('/remotes/manifest.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return manifest;
  });
  const version = servedVersion(config, {
    onError: (error, url) => app.log.warn({ err: error, url }, 'The remote entry could not be checked for a new build'),
  });
  app.get('/version.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: await version() };
  });
  // Every page address is the single-page app; the shell decides what it shows. `/` has its own
  // route: the static files' folder listing is off, which refused it without Accept-Encoding.
  const indexFile = path.join(shellDir, 'index.html');
  const sendShell = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html', shellDir);
  };
  const noSuchAddress = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(errorBody(404, `No such address: ${request.method} ${request.url.split('?')[0]}`));
  app.get('/', async (request, reply) => (existsSync(indexFile) ? sendShell(reply) : noSuchAddress(request, reply)));
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !path.extname(request.url.split('?')[0]!);
    return isPage && existsSync(indexFile) ? sendShell(reply) : noSuchAddress(request, reply);
  });
}

/** The version of what the gateway serves itself: a digest of the built entry files (remotes from another origin: servedVersion.ts). */
export function buildVersion(rootDir: string, remotes: GatewayConfig['remotes']): string {
  const digest = createHash('sha256');
  const served = remotes.filter((r) => !r.url).map((r) => path.join(r.dir, 'remoteEntry.js'));
  for (const file of [path.join(rootDir, 'shell', 'dist', 'main.js'), ...served]) {
    if (existsSync(file)) digest.update(readFileSync(file));
  }
  return digest.digest('hex').slice(0, 12);
}

export async function buildGateway(config: GatewayConfig, context: ServiceContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    ...VALIDATION,
    bodyLimit: config.bodyLimit,
    // Forwarded headers only from the proxies named in TRUST_PROXY: anyone else could pick the
    // address the sign-in throttle counts against.
    trustProxy: config.trustProxy,
  });
  const extraOrigins = remoteOrigins(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extraOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...tileOrigin(config)],
        connectSrc: ["'self'", ...extraOrigins],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Plain-http localhost must keep working; HSTS belongs to the TLS terminator in production.
    hsts: false,
  });
  await app.register(compress, { threshold: 1024 });
  await registerPlatform(app, context);
  installAntiforgeryCheck(app);
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (route.url.startsWith('/api/') && method !== 'HEAD') apiRoutes.push(`${method} ${route.url}`);
  });

  await app.register(swagger, { mode: 'static', specification: { document: openApiFromContracts(allContracts, config.version) as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await registerServices(app, config);
  await registerStatic(app, config);
  return app;
}
