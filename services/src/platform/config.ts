/** Settings read from the environment once, with the defaults the README lists. */
export type ServiceConfig = {
  /** Public address of the app, used in links inside e-mails. */
  publicUrl: string;
  /** smtp://user:pass@host:port; absent → mail goes to the outbox table and the log only. */
  smtpUrl?: string;
  mailFrom: string;
  siteErrorsEmail: string;
  session: {
    idleMinutes: number;
    absoluteHours: number;
    persistentDays: number;
  };
  throttle: {
    windowMinutes: number;
    maxFailuresPerAccount: number;
    maxFailuresPerIp: number;
  };
  passwordResetMinutes: number;
  /** Calls anyone may make that change something (sign-in, reset, error reports), per client and minute. */
  publicWritesPerMinute: number;
  /** Remotes switched off for the whole deployment (REMOTE_<ID>_ENABLED=false): id → reason. */
  disabledRemotes: Record<string, string>;
  /** The job worker (DESIGN §9) and the notification run's schedule: every N minutes from an offset after midnight UTC. */
  jobs: { worker: boolean; pollMs: number; notificationsEveryMinutes: number; notificationsOffsetMinutes: number };
};

/** NOTIFICATIONS_AT: HH:MM (UTC) → minutes after midnight; 06:00 when absent or not a time. */
function minutesOfDay(value: string | undefined): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value?.trim() ?? '');
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return 360;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** REMOTE_<ID>_ENABLED=false (with REMOTE_<ID>_DISABLED_REASON), the gateway's deployment-wide switch, by lower-case id. */
export function disabledRemotesFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const disabled: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = /^REMOTE_([A-Z0-9]+)_ENABLED$/.exec(name);
    if (match && value === 'false') {
      disabled[match[1]!.toLowerCase()] = env[`REMOTE_${match[1]}_DISABLED_REASON`] ?? 'This module is switched off by the administrator.';
    }
  }
  return disabled;
}

export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY: unset → trust no forwarded header; a number → that many proxy hops in front;
 * otherwise a comma-separated list of addresses or CIDRs (`loopback`, `10.0.0.0/8`, …).
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const text = value?.trim();
  if (!text || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text.split(',').map((entry) => entry.trim()).filter(Boolean);
}

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Tradeboard <no-reply@tradeboard.example>',
    siteErrorsEmail: env.SITE_ERRORS_EMAIL ?? 'site-errors@tradeboard.example',
    session: {
      idleMinutes: numberFrom(env, 'SESSION_IDLE_MINUTES', 30),
      absoluteHours: numberFrom(env, 'SESSION_ABSOLUTE_HOURS', 12),
      persistentDays: numberFrom(env, 'SESSION_PERSISTENT_DAYS', 30),
    },
    throttle: {
      windowMinutes: numberFrom(env, 'LOGIN_THROTTLE_WINDOW_MINUTES', 15),
      maxFailuresPerAccount: numberFrom(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5),
      maxFailuresPerIp: numberFrom(env, 'LOGIN_MAX_FAILURES_PER_IP', 20),
    },
    passwordResetMinutes: numberFrom(env, 'PASSWORD_RESET_MINUTES', 60),
    publicWritesPerMinute: numberFrom(env, 'PUBLIC_WRITES_PER_MINUTE', 30),
    disabledRemotes: disabledRemotesFromEnv(env),
    jobs: {
      worker: env.JOBS_WORKER !== 'false',
      pollMs: numberFrom(env, 'JOBS_POLL_MS', 5000),
      notificationsEveryMinutes: numberFrom(env, 'NOTIFICATIONS_EVERY_MINUTES', 1440),
      notificationsOffsetMinutes: minutesOfDay(env.NOTIFICATIONS_AT),
    },
  };
}
