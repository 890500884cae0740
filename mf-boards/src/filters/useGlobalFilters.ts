import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { globalFilterFilterList, globalFilterList, type ContractResult } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { takeEarlyRead } from '../api/earlyReads.ts';
import { activeFieldCount, activeFilterOf, pageFilters, type ActiveChoice } from './activeFilter.ts';

export type GlobalFilterValue = ContractResult<typeof globalFilterList>[number];
export type FilterMasterValue = ContractResult<typeof globalFilterFilterList>[number];

export const globalFiltersKey = 'GlobalFilter/List';
export const filterFieldsKey = 'GlobalFilter/FilterList';

const options = { revalidateOnFocus: false, dedupingInterval: 2_000 };

export const readGlobalFilters = () => api.call(globalFilterList);
export const readFilterFields = () => api.call(globalFilterFilterList);

export type GlobalFilters = ReturnType<typeof useGlobalFilters>;

/**
 * The user's global filters and the active one (his default until he picks another), and the
 * filters the page's components apply: the active filter merged with the page's implicit ones.
 */
export function useGlobalFilters(pathname: string, search: string) {
  const list = useSWR(globalFiltersKey, (key) => takeEarlyRead(key, readGlobalFilters), options);
  const fields = useSWR(filterFieldsKey, (key) => takeEarlyRead(key, readFilterFields), options);
  const [choice, setChoice] = useState<ActiveChoice>(undefined);
  const active = activeFilterOf(list.data, choice);
  const filters = useMemo(() => pageFilters(active, pathname, search), [active, pathname, search]);
  return {
    list: list.data,
    fields: fields.data ?? [],
    isLoading: list.isLoading,
    active,
    count: activeFieldCount(active),
    filters,
    choose: setChoice,
    reload: () => list.mutate(),
  };
}
