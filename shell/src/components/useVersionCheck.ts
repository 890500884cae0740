import { useEffect, useState } from 'react';
import { VERSION_POLL_MS } from '@tradeboard/shared/constants';

export const VERSION_URL = '/version.json';

/**
 * Seed §4 version check: polls /version.json; the first answer records the version, a later
 * different one means a new release is live. Failures are only logged.
 */
export function useVersionCheck(intervalMs: number = VERSION_POLL_MS): { newVersion: string | null } {
  const [newVersion, setNewVersion] = useState<string | null>(null);
  useEffect(() => {
    let recorded: string | undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (): Promise<void> => {
      try {
        const response = await fetch(VERSION_URL, { cache: 'no-store' });
        if (!response.ok) throw new Error(`${VERSION_URL}: ${response.status}`);
        const { version } = (await response.json()) as { version?: unknown };
        if (typeof version !== 'string' || stopped) return;
        if (recorded === undefined) recorded = version;
        else if (version !== recorded) {
          setNewVersion(version);
          return; // the prompt is up; no need to keep polling
        }
      } catch (error) {
        console.warn('Version check failed', error);
      }
      if (!stopped) timer = setTimeout(check, intervalMs);
    };
    void check();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [intervalMs]);
  return { newVersion };
}
