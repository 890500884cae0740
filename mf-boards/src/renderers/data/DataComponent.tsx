import { useState, type ReactNode } from 'react';
import {
  buildPartRequest,
  initialViewState,
  isPartVisible,
  pageSizeOf,
  withSearch,
  type ComponentConfigValue,
  type ComponentRendererProps,
  type ViewState,
  type VisiblePart,
  unappliedBoardFields,
} from '@tradeboard/shared/boards';
import type { KpiResult } from '@tradeboard/shared/contracts';
import { Button, DownloadOutlined } from '@tradeboard/shared/ui';
import { displayValue } from '../../instances/configEquality.ts';
import { showFailure } from '../../feedback/statusDialog.ts';
import { useDateFormat, usePartData, useSetting } from './api.ts';
import { ChartPart } from './ChartPart.tsx';
import { DataStyles } from './DataStyles.tsx';
import { DataTable } from './DataTable.tsx';
import { EditTools } from './EditTools.tsx';
import { buildWorkbook, downloadWorkbook, exportFileName, fetchAllRows } from './exportExcel.ts';
import { KpiFigures, KpiPart } from './KpiPart.tsx';
import { PartState } from './PartState.tsx';
import { columnsFor, displayColumns, tableData } from './rows.ts';
import { DEFAULT_FILTER_FIELDS, SearchBar } from './SearchBar.tsx';
import { SummaryTiles } from './SummaryTiles.tsx';
import { UnfilteredNote } from './UnfilteredNote.tsx';
import { errorMessage } from '@tradeboard/shared/web';

export type DataComponentKind = 'list' | 'comparison' | 'summary' | 'analysis';

const integer = new Intl.NumberFormat('en-US');

function filterFields(config: ComponentConfigValue): string[] {
  const configured = displayValue(config, 'advancedSearchFields');
  return configured ? configured.split(',').map((f) => f.trim()).filter(Boolean) : DEFAULT_FILTER_FIELDS;
}

/**
 * One ERP data component, drawn from its config (docs/component-config.md): the KPI part, the
 * chart tabs, the search, and the main call as a table (paged outputs), figure tiles (Summary) or
 * KPI figures (Kpi). The list, comparison, summary and analysis renderers are this component.
 */
export function DataComponent({ kind, instance, master, config, filters, editMode, canEdit, saveConfig }: ComponentRendererProps & { kind: DataComponentKind }): ReactNode {
  const name = instance.componentInstanceName || master.displayName;
  const autoSortEnabled = useSetting('AutoSortEnabled');
  const exportsEnabled = useSetting('ExcelExportsEnabled');
  const datePattern = useDateFormat();
  const [view, setView] = useState<ViewState>(() => initialViewState(config));
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  // Seed 000 §4: a filter change (the board's global or implicit filters) goes back to page 1.
  const filtersKey = JSON.stringify(filters);
  const [seenFilters, setSeenFilters] = useState(filtersKey);
  if (seenFilters !== filtersKey) {
    setSeenFilters(filtersKey);
    setView((current) => withSearch(current, {}));
  }

  const request = buildPartRequest(config, 'data', { view, boardFilters: filters, autoSortEnabled });
  const kpiRequest = buildPartRequest(config, 'kpi', { boardFilters: filters });
  const unfiltered = unappliedBoardFields(config, filters);
  const main = usePartData<unknown>(request);
  const outputModel = config.outputModel ?? 'List';
  const paged = outputModel !== 'Summary' && outputModel !== 'Kpi';
  const table = tableData(main.data);
  const columns = columnsFor(config, main.data);
  const shown = displayColumns(columns, main.data);
  const visibleColumns = shown.filter((c) => c.isVisible);

  const parts: VisiblePart[] = [
    ...(paged ? (['table', 'search'] as const) : []),
    ...(kpiRequest ? (['kpi'] as const) : []),
    ...(config.chartConfig?.datasetTabs?.length ? (['chart'] as const) : []),
  ];
  const shows = (part: VisiblePart) => parts.includes(part) && isPartVisible(config, part);
  const save = (next: ComponentConfigValue) => void saveConfig(next).catch(() => {});

  const exportRows = async () => {
    setExporting({ done: 0, total: table.totalCount });
    try {
      const rows = await fetchAllRows({ config, view, boardFilters: filters, autoSortEnabled }, (done, total) => setExporting({ done, total }));
      await downloadWorkbook(await buildWorkbook(name, visibleColumns, rows), exportFileName(name));
    } catch (error) {
      showFailure(`The export failed. ${errorMessage(error)}`);
    } finally {
      setExporting(null);
    }
  };

  const empty = paged ? table.rows.length === 0 : !main.data;
  return (
    <div className={`tb-data tb-data--${kind}`}>
      <DataStyles />
      {editMode && canEdit && <EditTools config={config} columns={columns} parts={parts} save={save} />}
      {unfiltered.length > 0 && <UnfilteredNote fields={unfiltered} />}
      {shows('kpi') && kpiRequest && <KpiPart request={kpiRequest} />}
      {(shows('search') || (paged && shows('table') && exportsEnabled)) && (
        <div className="tb-data__toolbar">
          {shows('search') && (
            <SearchBar
              name={name}
              searchString={view.searchString}
              searchOperator={view.searchOperator}
              filters={view.filters}
              filterFields={filterFields(config)}
              onSearch={(searchString, searchOperator) => setView(withSearch(view, { searchString, searchOperator }))}
              onFilters={(next) => setView(withSearch(view, { filters: next }))}
            />
          )}
          {paged && shows('table') && exportsEnabled && (
            <span className="tb-data__export">
              <Button size="small" icon={<DownloadOutlined />} loading={!!exporting} disabled={empty} onClick={() => void exportRows()}>
                Export to Excel
              </Button>
              {exporting && (
                <span role="status" className="tb-muted">
                  Exporting {integer.format(exporting.done)} of {integer.format(exporting.total)} rows
                </span>
              )}
            </span>
          )}
        </div>
      )}
      {request && (
        <PartState loading={main.isLoading && !main.data} error={main.error} retry={main.retry} empty={empty && !main.isValidating}>
          {outputModel === 'Summary' && <SummaryTiles periods={table.rows} columns={shown} datePattern={datePattern} />}
          {outputModel === 'Kpi' && main.data !== undefined && <KpiFigures kpi={main.data as KpiResult} title={name} />}
          {shows('chart') && <ChartPart config={config} rows={table.rows} columns={shown} name={name} years={table.years} />}
          {paged && shows('table') && (
            <DataTable
              name={name}
              config={config}
              columns={shown}
              rows={table.rows}
              totalCount={table.totalCount}
              pageNumber={view.pageNumber}
              pageSize={pageSizeOf(config)}
              sort={view.sort}
              autoSortEnabled={autoSortEnabled}
              loading={main.isValidating}
              onPage={(pageNumber) => setView({ ...view, pageNumber })}
              onSort={(sort) => setView({ ...view, sort })}
            />
          )}
        </PartState>
      )}
    </div>
  );
}
