import useSWR, { mutate } from 'swr';
import type { Contract, ContractResult } from '@tradeboard/shared/contracts';
import { api, SESSION_KEY, useTradeboardStore } from '@tradeboard/shared/web';

type Options<C extends Contract> = Parameters<typeof api.call<C>>[1];

/** A read through SWR keyed by the contract's path and options (one cache entry per question). */
export function useRead<C extends Contract>(contract: C, options?: Options<C>, enabled = true) {
  const key = enabled ? [contract.method, contract.path, JSON.stringify(options ?? {})] : null;
  return useSWR<ContractResult<C>>(key, () => api.call(contract, options));
}

/** Revalidates every cached read of these contracts (after a change). */
export function refresh(...contracts: Contract[]): Promise<unknown> {
  const paths = new Set(contracts.map((c) => c.path));
  return mutate((key) => Array.isArray(key) && paths.has(key[1] as string));
}

/**
 * Drops every cached read but the session's (SWR is one shared instance across the remotes): after
 * an organization switch. Revalidating too: the reads on screen (the sidebar's menu) ask again, and
 * a read asked for within SWR's 2 s dedupe window before the switch is not taken for the page that
 * mounts after it (that left /home on skeletons when the switch came quickly after its load).
 */
export const forgetReads = () => mutate((key) => key !== SESSION_KEY, undefined, { revalidate: true });

/** The session again: settings, toggles, switched-off modules and impersonation reach the shell. */
export const refreshSession = () => mutate(SESSION_KEY);

/** The signed-in user's admin permissions (app.admin_right, via GetBySession). */
export function usePermissions(): ReadonlySet<string> {
  const permissions = useTradeboardStore((state) => state.user?.adminPermissions);
  return new Set(permissions ?? []);
}
