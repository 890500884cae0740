import path from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '@tradeboard/shared/contracts';
import { trustProxyFromEnv, type TrustProxy } from '@tradeboard/services';

export type RemoteConfig = {
  id: string;
  /** Module Federation container name (an identifier). */
  name: string;
  /** Built files on disk, served at /remotes/<id>/, unless `url` points elsewhere. */
  dir: string;
  url?: string;
  enabled: boolean;
  disabledReason?: string;
};

export type GatewayConfig = {
  port: number;
  host: string;
  /** The folder holding shell/, mf-auth/ … with their dist/ folders. */
  rootDir: string;
  remotes: RemoteConfig[];
  /** Services proxied to another process instead of mounted here. */
  serviceUrls: Partial<Record<ServiceName, string>>;
  version: string;
  bodyLimit: number;
  logLevel: string;
  /** Fastify's trustProxy: whose X-Forwarded-* headers to believe (none by default). */
  trustProxy: TrustProxy;
  /** A map tile server (`https://tiles.example/{z}/{x}/{y}.png`); unset: the map draws its packaged offline basemap only. */
  mapTileUrl?: string;
};

/** Where a remote's container is loaded from: its own origin when `url` is set, else the gateway. */
export function remoteEntryUrl(remote: Pick<RemoteConfig, 'id' | 'url'>): string {
  return `${remote.url?.replace(/\/$/, '') ?? `/remotes/${remote.id}`}/remoteEntry.js`;
}

/** The remotes the build produces; the environment can move or switch off each one. */
const KNOWN_REMOTES = [
  { id: 'auth', name: 'mf_auth', folder: 'mf-auth' },
  { id: 'boards', name: 'mf_boards', folder: 'mf-boards' },
  { id: 'accounts', name: 'mf_accounts', folder: 'mf-accounts' },
  { id: 'crm', name: 'mf_crm', folder: 'mf-crm' },
  { id: 'admin', name: 'mf_admin', folder: 'mf-admin' },
  { id: 'goals', name: 'mf_goals', folder: 'mf-goals' },
];

export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv, rootDir: string, version: string): GatewayConfig {
  const remotes = KNOWN_REMOTES.map(({ id, name, folder }) => {
    const key = id.toUpperCase();
    const enabled = env[`REMOTE_${key}_ENABLED`] !== 'false';
    return {
      id,
      name,
      dir: path.join(rootDir, folder, 'dist'),
      url: env[`REMOTE_${key}_URL`] || undefined,
      enabled,
      disabledReason: enabled ? undefined : (env[`REMOTE_${key}_DISABLED_REASON`] ?? 'This module is switched off by the administrator.'),
    };
  });
  const serviceUrls: GatewayConfig['serviceUrls'] = {};
  for (const service of SERVICE_NAMES) {
    const url = env[`SERVICE_${service.toUpperCase()}_URL`];
    if (url) serviceUrls[service] = url.replace(/\/$/, '');
  }
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    rootDir,
    remotes,
    serviceUrls,
    version,
    bodyLimit: Number(env.BODY_LIMIT_BYTES ?? 256 * 1024),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    mapTileUrl: env.MAP_TILE_URL || undefined,
  };
}
