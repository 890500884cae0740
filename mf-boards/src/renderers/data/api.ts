import useSWR, { preload } from 'swr';
import type { Contract } from '@tradeboard/shared/contracts';
import { DEFAULT_DATE_FORMAT, type PartRequest } from '@tradeboard/shared/boards';
import { DEFAULT_SETTINGS, isSettingOn, settingValue } from '@tradeboard/shared/user-settings';
import { api, useTradeboardStore } from '@tradeboard/shared/web';

/**
 * A data call named by a component's config (docs/component-config.md): always a POST of the
 * search request to a path under /api. Goes through the shared client (credentials, anti-forgery
 * header, ApiError with the seed's messages).
 */
export function callPart<T>(request: PartRequest, signal?: AbortSignal): Promise<T> {
  const contract = { method: 'POST', path: request.path, service: 'analytics', access: 'session', summary: request.path, response: {} } satisfies Contract;
  return api.call(contract, { body: request.body as never, signal }) as Promise<T>;
}

/** The SWR key of a part's data: one per request (a page, a sort, a search). */
const partKey = (request: PartRequest) => ['component-data', request.path, JSON.stringify(request.body)] as const;

/**
 * Starts a part's call before its renderer draws (the board's page answered; the renderers' code
 * may still be on its way): the renderer's first read of the same request takes it.
 */
export function preloadPart(request: PartRequest): void {
  void preload(partKey(request), () => callPart(request)).catch(() => {});
}

export type PartData<T> = { data: T | undefined; error: unknown; isLoading: boolean; isValidating: boolean; retry: () => void };

/** One part's data, cached per request (a page, a sort, a search); the last page stays while the next loads. */
export function usePartData<T>(request: PartRequest | null): PartData<T> {
  const response = useSWR<T>(request ? partKey(request) : null, () => callPart<T>(request!), {
    revalidateOnFocus: false,
    keepPreviousData: true,
    shouldRetryOnError: false,
  });
  return {
    data: response.data,
    error: response.error,
    isLoading: response.isLoading,
    isValidating: response.isValidating,
    retry: () => void response.mutate(),
  };
}

type SwitchSetting = 'AutoSortEnabled' | 'ExcelExportsEnabled';
type Settings = Parameters<typeof isSettingOn>[0] | undefined;

/** A switch of the user's settings: on unless the server says otherwise (seed 000 §9 defaults). */
export const settingOn = (settings: Settings, name: SwitchSetting): boolean =>
  settings?.some((s) => s.settingName === name) ? isSettingOn(settings, name) : true;

/** A user setting of the signed-in user (defaults of seed 000 §9 apply until the server says otherwise). */
export function useSetting(name: SwitchSetting): boolean {
  return settingOn(useTradeboardStore((state) => state.user?.settings), name);
}

/** The signed-in user's DateFormatSetting (seed 000 §9: MM/dd/yyyy until the server says otherwise). */
export function useDateFormat(): string {
  const settings = useTradeboardStore((state) => state.user?.settings);
  return (settings && settingValue(settings, 'DateFormatSetting')) || DEFAULT_SETTINGS.DateFormatSetting || DEFAULT_DATE_FORMAT;
}
