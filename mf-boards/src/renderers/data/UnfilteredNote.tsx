import type { ReactNode } from 'react';
import useSWR from 'swr';
import { Tag, Tooltip } from '@tradeboard/shared/ui';
import { filterFieldsKey, type FilterMasterValue } from '../../filters/useGlobalFilters.ts';

/** The filter editor's name for a field (its filter master's display name), else the field in words: salesRep → Sales Rep. */
function fieldLabel(field: string, masters: readonly FilterMasterValue[] | undefined): string {
  const master = masters?.find((m) => m.filterName.toLowerCase() === field.toLowerCase());
  return master?.displayName ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/**
 * A quiet note on a component whose call does not take some fields of the board's filters
 * (splitBoardFilters): its figures are not filtered by them. The names come from the filter
 * list the board page already read (no request of its own).
 */
export function UnfilteredNote({ fields }: { fields: readonly string[] }): ReactNode {
  const { data: masters } = useSWR<FilterMasterValue[]>(filterFieldsKey, null);
  const names = fields.map((field) => fieldLabel(field, masters)).join(', ');
  return (
    <Tooltip title={`This component's data has no ${names}, so the board's filter on ${fields.length > 1 ? 'them' : 'it'} does not apply here: its figures are for every ${names}.`}>
      <Tag role="note" className="tb-data__unfiltered" bordered={false}>
        Not filtered by {names}
      </Tag>
    </Tooltip>
  );
}
