import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import useSWR, { preload, useSWRConfig } from 'swr';
import { Button, DeleteOutlined, DownloadOutlined, Empty, Skeleton } from '@tradeboard/shared/ui';
import { api, currentAntiforgeryToken, errorMessage, navigate, saveBlob, useTradeboardStore } from '@tradeboard/shared/web';
import { GOAL_CALLS, GOAL_KIND_NAMES, GOAL_VALUE_TITLES, manageScreenVisible, type GoalKind } from '../api/goalKinds.ts';
import { showToast, Toasts } from '../api/toasts.tsx';
import { GoalUpload } from './GoalUpload.tsx';
import { editRow, newRow, rowsToSave, visibleRows, type ConfigLike, type GoalRow } from './goalRows.ts';

/** Seed 000 "Goal management screens": row height 50, 20 extra rows drawn around the view. */
export const ROW_HEIGHT = 50;
export const OVERSCAN = 20;
const VIEW_HEIGHT = 520;
/**
 * A jump (the view moved beyond the drawn rows' overscan: the scroll bar dragged, Back to Top) draws
 * the view's rows as text in the scroll's own frame, and the rows with their editors once the scroll
 * has been still this long: editors drawn where a drag passes cost a frame 30–60 ms of style and
 * layout (eight inputs a row, 51 rows) and dropped frames.
 */
const SETTLE_MS = 120;
/**
 * The rows drawn at once (a view and its overscan, several times over); the rest load behind them
 * a page at a time (issue 28: a 50,000-row setup's first rows within a second; its whole read is
 * 24 MB and seconds of server work).
 */
const FIRST_PAGE = 200;
const PAGE = 5_000;

/** A page of a setup's goal rows, in the server's order. */
const rowsPage = (kind: GoalKind, id: number, offset: number, limit: number) =>
  api.call(GOAL_CALLS[kind].hierarchy, { params: { id }, query: { offset, limit } }) as Promise<GoalRow[]>;
const rowsKey = (kind: GoalKind, id: number) => ['goal-rows', kind, id];

type Column = { field: string; title: string; numeric?: boolean; readOnly?: boolean };
/** A column's width (the table's layout is fixed: rows drawn while scrolling do not lay the columns out again). */
const columnWidth = (column: Column) => Math.max(120, column.title.length * 8 + 28);
const DELETE_WIDTH = 64;
type Update = (id: number, change: (row: GoalRow) => GoalRow) => void;

/**
 * One row of the grid. Memoized: a scroll draws the rows that come into view and leaves the others
 * as they are (a row changes only when it is edited).
 */
const GoalRowView = memo(function GoalRowView({ row, columns, update }: { row: GoalRow; columns: readonly Column[]; update: Update }): ReactNode {
  return (
    <tr className={row.isDirty ? 'tb-dirty' : undefined}>
      <td>
        <button
          type="button"
          className="tb-goals-delete"
          aria-label={`Delete row ${String(row.goalTypeValue ?? row.id)}`}
          onClick={() => update(row.id, (r) => ({ ...r, isDelete: true, isDirty: true }))}
        >
          <DeleteOutlined />
        </button>
      </td>
      {columns.map((column) =>
        column.readOnly ? (
          <td key={column.field}>{String(row[column.field] ?? '')}</td>
        ) : (
          <td key={column.field}>
            <input
              className="tb-cell"
              aria-label={`${column.title} of row ${row.id}`}
              inputMode={column.numeric ? 'decimal' : undefined}
              value={row[column.field] === null || row[column.field] === undefined ? '' : String(row[column.field])}
              onWheel={(event) => event.currentTarget.blur()}
              onChange={(event) => update(row.id, (r) => editRow(r, column.field, event.target.value.replace(/\u2019/g, "'"), !!column.numeric))}
            />
          </td>
        ),
      )}
    </tr>
  );
});

/** Whether a scroll to `top` is a jump: one under way, or a move beyond the overscan of the rows drawn with editors at `editTop`. */
export const isJump = (top: number, editTop: number, jumping: boolean) => jumping || Math.abs(top - editTop) > OVERSCAN * ROW_HEIGHT;

/**
 * The rows drawn, [first, last) of `count`: while jumping the view's rows at `scrollTop` and one each
 * side (as text); otherwise the view's rows at `editTop` (the deferred place of the editors) and the
 * overscan each side.
 */
export function drawnRows(count: number, view: { jumping: boolean; scrollTop: number; editTop: number }): [number, number] {
  const [top, extra] = view.jumping ? [view.scrollTop, 1] : [view.editTop, OVERSCAN];
  return [Math.max(0, Math.floor(top / ROW_HEIGHT) - extra), Math.min(count, Math.ceil((top + VIEW_HEIGHT) / ROW_HEIGHT) + extra)];
}

/** A row while the view jumps: its values as text where its editors will be (no inputs to lay out). */
const GoalRowPreview = memo(function GoalRowPreview({ row, columns }: { row: GoalRow; columns: readonly Column[] }): ReactNode {
  return (
    <tr className={row.isDirty ? 'tb-dirty tb-preview' : 'tb-preview'}>
      <td>
        <span className="tb-goals-delete" aria-hidden>
          <DeleteOutlined />
        </span>
      </td>
      {columns.map((column) => {
        const text = String(row[column.field] ?? '');
        return <td key={column.field}>{column.readOnly ? text : <span className="tb-cell">{text || '\u200b'}</span>}</td>;
      })}
    </tr>
  );
});

type Sort = { field: string; dir: 'asc' | 'desc' } | null;
type Filters = Record<string, string>;

/** The header: sortable titles and a filter each. Memoized: a scroll draws rows, not the header. */
const GridHeader = memo(function GridHeader({
  columns,
  sort,
  setSort,
  filters,
  setFilters,
}: {
  columns: readonly Column[];
  sort: Sort;
  setSort: (sort: Sort) => void;
  filters: Filters;
  setFilters: (filters: Filters) => void;
}): ReactNode {
  return (
    <thead>
      <tr>
        <th>
          <span className="tb-goals-muted">Delete</span>
        </th>
        {columns.map((column) => (
          <th key={column.field} aria-sort={sort?.field === column.field ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
            <button type="button" onClick={() => setSort(sort?.field === column.field && sort.dir === 'asc' ? { field: column.field, dir: 'desc' } : { field: column.field, dir: 'asc' })}>
              {column.title}
              {sort?.field === column.field ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
            </button>
            <input
              className="tb-filter"
              placeholder="filter..."
              aria-label={`Filter ${column.title}`}
              value={filters[column.field] ?? ''}
              onChange={(event) => setFilters({ ...filters, [column.field]: event.target.value })}
            />
          </th>
        ))}
      </tr>
    </thead>
  );
});

function columnsOf(kind: GoalKind, config: ConfigLike): Column[] {
  const [first, second] = GOAL_KIND_NAMES[kind].goalFields;
  const [firstTitle, secondTitle] = GOAL_VALUE_TITLES[kind];
  const levels = [1, 2, 3, 4, 5].filter((l) => config[`hierarchyType${l}`]);
  return [
    ...(kind === 'Sales' ? [{ field: 'company', title: 'Company' }] : []),
    { field: 'goalType', title: 'Goal Type', readOnly: true },
    { field: 'goalTypeValue', title: 'Goal Type ID' },
    { field: 'goalMonth', title: 'Goal Month', numeric: true },
    { field: first, title: firstTitle, numeric: true },
    { field: second, title: secondTitle, numeric: true },
    ...levels.map((l) => ({ field: `hierarchyType${l}`, title: `Hierarchy Type${l}`, readOnly: true })),
    ...levels.map((l) => ({ field: `hierarchyValue${l}`, title: `Hierarchy ID${l}` })),
  ];
}

/** Downloads the template: POST with Export-Results: true, named from Content-Disposition. */
async function downloadTemplate(kind: GoalKind, configId: number): Promise<void> {
  const names = GOAL_KIND_NAMES[kind];
  const response = await fetch(`/api${names.resource}/${names.entity}TemplateGenerator/${configId}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Export-Results': 'true', 'X-XSRF-TOKEN': await currentAntiforgeryToken() },
  });
  if (!response.ok) throw new Error(`The template could not be made (${response.status})`);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `${kind}GoalSetupTemplate.xlsx`;
  saveBlob(await response.blob(), fileName);
}

function GoalGrid({ kind, config }: { kind: GoalKind; config: ConfigLike }): ReactNode {
  const calls = GOAL_CALLS[kind];
  const names = GOAL_KIND_NAMES[kind];
  const page = (offset: number, limit: number) => rowsPage(kind, config.id, offset, limit);
  const [rows, setRows] = useState<GoalRow[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  /** Counts the reads of the rows: a newer one (Reset, an upload) stops the pages of an older one. */
  const generation = useRef(0);
  /** The first page read: shown at once, and the rest appended a page at a time behind it. */
  const received = (first: GoalRow[]) => {
    const mine = ++generation.current;
    setRows(first);
    setLoadingMore(first.length === FIRST_PAGE);
    if (first.length < FIRST_PAGE) return;
    void (async () => {
      try {
        for (let offset = FIRST_PAGE; generation.current === mine; offset += PAGE) {
          const more = await page(offset, PAGE);
          if (generation.current !== mine) return;
          if (more.length) setRows((current) => [...current, ...more]);
          if (more.length < PAGE) break;
        }
      } catch (error) {
        if (generation.current === mine) showToast('error', 'Error!', errorMessage(error));
      } finally {
        if (generation.current === mine) setLoadingMore(false);
      }
    })();
  };
  const server = useSWR(rowsKey(kind, config.id), () => page(0, FIRST_PAGE), { onSuccess: received });
  const [filters, setFilters] = useState<Filters>({});
  const [sort, setSort] = useState<Sort>(null);
  const [scrollTop, setScrollTop] = useState(0);
  /** Where the rows with editors are drawn: the scroll while it moves near them, a jump's place once still. */
  const [editTop, setEditTop] = useState(0);
  /** A jump is under way: the view's rows are drawn as text. */
  const [jumping, setJumping] = useState(false);
  const now = useRef({ editTop: 0, jumping: false, settling: undefined as number | undefined });
  useEffect(() => () => window.clearTimeout(now.current.settling), []);
  const scrolled = (top: number) => {
    const state = now.current;
    window.clearTimeout(state.settling);
    if (!isJump(top, state.editTop, state.jumping)) {
      state.editTop = top;
      setScrollTop(top);
      setEditTop(top);
      return;
    }
    state.jumping = true;
    flushSync(() => {
      setScrollTop(top);
      setJumping(true);
    });
    state.settling = window.setTimeout(() => {
      state.jumping = false;
      state.editTop = top;
      startTransition(() => {
        setEditTop(top);
        setJumping(false);
      });
    }, SETTLE_MS);
  };
  const [saving, setSaving] = useState(false);
  const view = useRef<HTMLDivElement>(null);
  const columns = useMemo(() => columnsOf(kind, config), [kind, config]);
  const shown = useMemo(() => visibleRows(rows, filters, sort), [rows, filters, sort]);
  // The rows with editors follow in a render of their own that a frame may interrupt (a jump's are
  // drawn in a transition once it is still, the text rows staying until they are).
  const drawnTop = useDeferredValue(editTop);
  const [first, last] = drawnRows(shown.length, { jumping, scrollTop, editTop: drawnTop });
  const scrollTo = (where: 'top' | 'bottom') =>
    requestAnimationFrame(() => {
      const element = view.current;
      if (element) element.scrollTop = where === 'top' ? 0 : element.scrollHeight;
    });
  const refetch = async (where: 'top' | 'bottom') => {
    const fresh = await server.mutate();
    if (fresh) received(fresh);
    scrollTo(where);
  };
  const save = async () => {
    setSaving(true);
    try {
      await api.call(calls.bulkUpdate, { body: rowsToSave(rows) as never });
      showToast('success', 'Success!', 'Data Table Saved!');
      await refetch('top');
    } catch {
      showToast('error', 'Error!', 'Failed to Save Data.');
    } finally {
      setSaving(false);
    }
  };
  const add = (where: 'top' | 'bottom') => {
    const row = newRow(config, names.goalFields, new Set(rows.map((r) => r.id)));
    setSort(null);
    setFilters({});
    setRows((current) => (where === 'top' ? [row, ...current] : [...current, row]));
    scrollTo(where);
  };
  const update = useCallback<Update>((id, change) => setRows((current) => current.map((r) => (r.id === id ? change(r) : r))), []);
  if (server.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (server.error) return <div className="tb-goals-error">{errorMessage(server.error)}</div>;
  return (
    <div>
      <p className="tb-goals-warning">* Save your updates/additions often. Changes will not be saved automatically.</p>
      <div className="tb-goals-toolbar">
        <Button type="primary" onClick={() => void save()} loading={saving}>
          Save
        </Button>
        <Button onClick={() => add('top')}>Add Row</Button>
        <Button onClick={() => add('bottom')}>Add Row Bottom</Button>
        <Button onClick={() => void refetch('top')}>Reset</Button>
        <Button onClick={() => scrollTo('top')}>Back to Top</Button>
        <span className="tb-goals-muted" aria-live="polite">
          {shown.length} rows{loadingMore ? ', loading more…' : ''}
        </span>
      </div>
      <div className="tb-goals-grid" ref={view} style={{ height: VIEW_HEIGHT }} onScroll={(event) => scrolled(event.currentTarget.scrollTop)}>
        <table aria-label={`${kind} goal rows`} aria-rowcount={shown.length + 1} style={{ width: DELETE_WIDTH + columns.reduce((sum, column) => sum + columnWidth(column), 0) }}>
          <colgroup>
            <col style={{ width: DELETE_WIDTH }} />
            {columns.map((column) => (
              <col key={column.field} style={{ width: columnWidth(column) }} />
            ))}
          </colgroup>
          <GridHeader columns={columns} sort={sort} setSort={setSort} filters={filters} setFilters={setFilters} />
          <tbody>
            {first > 0 && (
              <tr aria-hidden style={{ height: first * ROW_HEIGHT }}>
                <td colSpan={columns.length + 1} />
              </tr>
            )}
            {shown
              .slice(first, last)
              .map((row, slot) =>
                // A jump's text rows are keyed by their place in the view: each frame changes their text, not their elements.
                jumping ? <GoalRowPreview key={slot} row={row} columns={columns} /> : <GoalRowView key={row.id} row={row} columns={columns} update={update} />,
              )}
            {last < shown.length && (
              <tr aria-hidden style={{ height: (shown.length - last) * ROW_HEIGHT }}>
                <td colSpan={columns.length + 1} />
              </tr>
            )}
          </tbody>
        </table>
        {shown.length === 0 && <Empty description="No goal rows yet: Add Row, or import a spreadsheet" />}
      </div>
    </div>
  );
}

/** /settings/{sales,bookings,activity}Goals/manage?…GoalConfigId= (seed 000 "Goal management screens"). */
export default function ManagePage({ kind, search }: { kind: GoalKind; search: string }): ReactNode {
  const user = useTradeboardStore((state) => state.user);
  const names = GOAL_KIND_NAMES[kind];
  const configId = Number(new URLSearchParams(search).get(names.configIdName) ?? 0) || 0;
  const config = useSWR(configId > 0 && manageScreenVisible(user, kind) ? ['goal-config', kind, configId] : null, () => api.call(GOAL_CALLS[kind].config, { params: { id: configId } }));
  const [downloading, setDownloading] = useState(false);
  const { mutate } = useSWRConfig();
  const visible = manageScreenVisible(user, kind);
  // The first rows are read beside the setup, not after it (the grid waits for both).
  useEffect(() => {
    if (configId > 0 && visible) void preload(rowsKey(kind, configId), () => rowsPage(kind, configId, 0, FIRST_PAGE)).catch(() => undefined);
  }, [kind, configId, visible]);
  if (!manageScreenVisible(user, kind)) return null;
  const levels = config.data ? [1, 2, 3, 4, 5].map((l) => (config.data as ConfigLike)[`hierarchyType${l}`] as string | null) : [];
  return (
    <div className="tb-goals-page">
      <nav className="tb-goals-breadcrumb" aria-label="Breadcrumb">
        <a
          href="/settings/goalsSetup"
          onClick={(event) => {
            event.preventDefault();
            navigate('/settings/goalsSetup');
          }}
        >
          Goals Setup
        </a>
        <span aria-hidden>&gt;</span>
        <span aria-current="page">Manage Goal Data</span>
      </nav>
      {configId === 0 && <Empty description="Choose a goal setup to manage from Goals Setup." />}
      {config.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
      {config.error && <div className="tb-goals-error">{errorMessage(config.error)}</div>}
      {config.data && (
        <>
          <dl className="tb-goals-summary" aria-label="Goal setup">
            <dt>Company</dt>
            <dd>
              {config.data.companyName} ({config.data.company})
            </dd>
            <dt>Year</dt>
            <dd>{config.data.goalYear}</dd>
            <dt>Goal Type</dt>
            <dd>{config.data.goalType}</dd>
            {levels.map((type, i) =>
              type ? (
                <div key={i} style={{ display: 'contents' }}>
                  <dt className="tb-level" style={{ ['--level' as string]: i + 1 }}>
                    Hierarchy {i + 1}
                  </dt>
                  <dd>{type}</dd>
                </div>
              ) : null,
            )}
          </dl>
          <details className="tb-goals-section">
            <summary>Import from Spreadsheet</summary>
            <ol className="tb-goals-steps">
              <li>Download the goal setup template.</li>
              <li>Fill it in, keeping the columns in their exact order.</li>
              <li>Upload the file.</li>
              <li>Review the goal data below.</li>
            </ol>
            <p className="tb-goals-muted">
              Example: a rep with a 30,000 goal for January and 10,000 per customer
              {kind === 'Activity' ? ' (activity: created 10, completed 7 per customer in January 2025)' : ''}.
            </p>
            <Button
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                downloadTemplate(kind, configId)
                  .catch((error: unknown) => showToast('error', 'Error!', errorMessage(error)))
                  .finally(() => setDownloading(false));
              }}
            >
              Download Goal Setup Template
            </Button>
            <GoalUpload kind={kind} configId={configId} onUploaded={() => mutate(rowsKey(kind, configId))} />
          </details>
          <details className="tb-goals-section" open>
            <summary>Manually Update</summary>
            <GoalGrid kind={kind} config={config.data as ConfigLike} />
          </details>
        </>
      )}
      <Toasts />
    </div>
  );
}
