import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Popconfirm, Switch, Tag, DownloadOutlined, useFeedback } from '@tradeboard/shared/ui';
import { Select, Table } from '@tradeboard/shared/ui/data';
import {
  erpLoadCancel, erpLoadExample, erpLoadLayoutList, erpLoadList, erpLoadTemplate, erpLoadUpload, systemLastUpdatedDate,
  type ContractResult,
} from '@tradeboard/shared/contracts';
import { api, downloadFile, errorMessage, uploadFile } from '@tradeboard/shared/web';
import { useRead } from '../api/admin.ts';
import { LoadRunStatus, ProgressLine, useLoadRun } from './LoadRun.tsx';
import DataMaintenancePanel from './DataMaintenancePanel.tsx';
import SqlSourcesPanel from './SqlSourcesPanel.tsx';
import { FileSourceDialog, MappingEditor, useFileSources, type FileSource } from './FileSources.tsx';

type Run = ContractResult<typeof erpLoadList>[number];

const STATUS_COLOR: Record<string, string> = { running: 'processing', loaded: 'success', rejected: 'warning', failed: 'error', cancelled: 'default' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** Uploading an extract and following its load to the end. */
function LoadPanel(): ReactNode {
  const { message } = useFeedback();
  const layouts = useRead(erpLoadLayoutList);
  const [file, setFile] = useState<File | null>(null);
  const [loadValidRows, setLoadValidRows] = useState(false);
  const [fullRefresh, setFullRefresh] = useState<string[]>([]);
  const [sent, setSent] = useState<number | null>(null);
  const sources = useFileSources();
  const [fileSourceId, setFileSourceId] = useState<number | null>(null);
  const [editing, setEditing] = useState<FileSource | 'new' | null>(null);
  /** The file last sent, to load again once its headers are mapped. */
  const [lastFile, setLastFile] = useState<File | null>(null);
  const [mapped, setMapped] = useState<FileSource | null>(null);
  const load = useLoadRun();
  const { runId } = load;
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);

  const start = async (file: File | null, sourceId = fileSourceId) => {
    if (!file) return;
    load.reset();
    setMapped(null);
    setSent(0);
    upload.current = new AbortController();
    try {
      const run = await uploadFile(erpLoadUpload, {
        file,
        query: { loadValidRows, fullRefresh: fullRefresh.join(','), ...(sourceId === null ? {} : { fileSourceId: sourceId }) },
        onProgress: setSent,
        signal: upload.current.signal,
      });
      load.follow(run);
      setLastFile(file);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (problem) {
      load.setError(errorMessage(problem));
    } finally {
      setSent(null);
      upload.current = null;
    }
  };

  const cancel = async () => {
    if (upload.current) return upload.current.abort();
    if (runId === null) return;
    try {
      await api.call(erpLoadCancel, { params: { runId } });
      message.info('Cancelling: the previous data stays');
    } catch (problem) {
      load.setError(errorMessage(problem));
    }
  };

  const running = runId !== null || sent !== null;
  const source = sources.data?.find((s) => s.fileSourceId === fileSourceId) ?? null;
  const report = load.report && load.report.run.status !== 'running' ? load.report : null;
  const saved = (next: FileSource) => {
    setFileSourceId(next.fileSourceId);
    setMapped(next);
  };
  return (
    <section aria-labelledby="tb-data-load" className="tb-admin-panel">
      <h2 id="tb-data-load">Load an extract</h2>
      <p className="tb-admin-muted">
        A ZIP of CSV or XLSX files named after their tables (customer.csv, invoice_line.csv …), <code>&lt;table&gt;.delete.csv</code> for rows to delete,
        or one XLSX workbook with a sheet per table. Rows are added or updated by their key; nothing changes until the whole load, its rollups and caches are ready.
      </p>
      <div className="tb-admin-form">
      <label className="tb-admin-field">
        <span>Extract file</span>
        <input ref={input} type="file" accept=".zip,.xlsx,.csv" disabled={running} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      <div className="tb-admin-field">
        <span>File source (maps your files' names and headers to the layouts)</span>
        <div className="tb-admin-actions" style={{ display: 'flex' }}>
          <Select
            aria-label="File source"
            allowClear
            disabled={running}
            style={{ flex: '1 1 180px', minWidth: 0 }}
            loading={sources.isLoading}
            value={fileSourceId ?? undefined}
            onChange={(value?: number) => setFileSourceId(value ?? null)}
            placeholder="None: as the layouts"
            options={(sources.data ?? []).map((s) => ({ value: s.fileSourceId, label: s.sourceName }))}
          />
          {source ? (
            <Button disabled={running} onClick={() => setEditing(source)}>Edit source</Button>
          ) : (
            <Button disabled={running} onClick={() => setEditing('new')}>New source</Button>
          )}
        </div>
      </div>
      <label className="tb-admin-field">
        <span>Tables to replace whole (rows not in the extract are removed)</span>
        <Select
          aria-label="Tables to replace whole"
          mode="multiple"
          allowClear
          disabled={running}
          value={fullRefresh}
          onChange={setFullRefresh}
          placeholder="None: every table is a delta"
          options={(layouts.data?.layouts ?? []).map((l) => ({ value: l.table, label: l.title }))}
        />
      </label>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Switch checked={loadValidRows} disabled={running} onChange={setLoadValidRows} aria-label="Load the valid rows when some have problems" />
        <span>Load the valid rows when some have problems (by default a load with problems loads nothing)</span>
      </label>
      </div>
      <div className="tb-admin-toolbar">
        <Button type="primary" disabled={!file || running} loading={running} onClick={() => void start(file)}>Upload and load</Button>
        {running && (
          <Popconfirm title="Cancel this load?" description="The previous data stays as it is." okText="Cancel load" cancelText="Keep loading" onConfirm={() => void cancel()}>
            <Button danger>Cancel</Button>
          </Popconfirm>
        )}
      </div>
      {sent !== null && <ProgressLine label="Uploading" done={Math.round(sent * 100)} total={100} detail={`${Math.round(sent * 100)}%`} />}
      <LoadRunStatus load={load} failedTitle="The load could not start" />
      {mapped && lastFile && !running && (
        <Alert
          type="info"
          showIcon
          message={`The mapping is saved to ${mapped.sourceName}.`}
          description={`Load ${lastFile.name} again with it, or choose another file.`}
          action={<Button type="primary" onClick={() => void start(lastFile, mapped.fileSourceId)}>Load again</Button>}
        />
      )}
      {report?.run.status === 'rejected' && !mapped && <MappingEditor key={report.run.runId} report={report} onSaved={saved} />}
      <FileSourceDialog source={editing} onClose={() => setEditing(null)} onRemoved={() => setFileSourceId(null)} />
    </section>
  );
}

function Layouts(): ReactNode {
  const layouts = useRead(erpLoadLayoutList);
  const { message } = useFeedback();
  const download = (run: () => Promise<string>) => void run().catch((problem) => message.error(errorMessage(problem)));
  return (
    <section aria-labelledby="tb-data-layouts" className="tb-admin-panel">
      <h2 id="tb-data-layouts">File layouts{layouts.data ? ` (version ${layouts.data.version})` : ''}</h2>
      <div className="tb-admin-toolbar">
        <Button icon={<DownloadOutlined />} onClick={() => download(() => downloadFile(erpLoadExample, { fallbackName: 'erp-extract-example.zip' }))}>Example extract</Button>
      </div>
      {layouts.error && <Alert type="error" showIcon message="The layouts could not be read" description={errorMessage(layouts.error)} />}
      <Table
        size="small"
        loading={layouts.isLoading}
        rowKey="table"
        dataSource={layouts.data?.layouts ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Table', dataIndex: 'title' },
          { title: 'File', dataIndex: 'fileName' },
          { title: 'Key', dataIndex: 'key', render: (key: string[]) => key.join(', ') },
          { title: 'Columns', dataIndex: 'columns', render: (columns: { name: string; required: boolean }[]) => `${columns.length} (${columns.filter((c) => c.required).length} required)` },
          {
            title: 'Template',
            key: 'template',
            render: (_: unknown, layout: { table: string; title: string }) => (
              <Button size="small" icon={<DownloadOutlined />} aria-label={`Template for ${layout.title}`}
                onClick={() => download(() => downloadFile(erpLoadTemplate, { params: { table: layout.table }, fallbackName: `${layout.table}.csv` }))}>
                {layout.table}.csv
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}

function History(): ReactNode {
  const runs = useRead(erpLoadList);
  const last = useRead(systemLastUpdatedDate);
  return (
    <section aria-labelledby="tb-data-history" className="tb-admin-panel">
      <h2 id="tb-data-history">Loads</h2>
      <p className="tb-admin-muted" data-testid="last-updated">
        Last updated: {last.data?.lastUpdatedDate ? `${when(last.data.lastUpdatedDate)} (data through ${last.data.dataThrough}, ${last.data.source})` : 'never'}
      </p>
      <Table<Run>
        size="small"
        loading={runs.isLoading}
        rowKey="runId"
        dataSource={runs.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No load yet' }}
        columns={[
          { title: 'Load', dataIndex: 'runId' },
          { title: 'Started', dataIndex: 'startedAt', render: when },
          { title: 'By', dataIndex: 'startedBy', render: (v: string | null) => v ?? '—' },
          { title: 'File', dataIndex: 'fileName', render: (v: string | null, run) => v ?? run.source },
          { title: 'Status', dataIndex: 'status', render: (status: string) => <Tag color={STATUS_COLOR[status]}>{status}</Tag> },
          { title: 'Rows', key: 'rows', render: (_: unknown, run) => `${run.rowsRead.toLocaleString()} read, ${run.rowsRejected.toLocaleString()} refused` },
          { title: 'Result', dataIndex: 'message', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </section>
  );
}

/** /settings/data: loading the distributor's ERP extract or SQL sources, the loads so far and the published layouts. */
export default function DataPage(): ReactNode {
  return (
    <div className="tb-admin-page">
      <LoadPanel />
      <SqlSourcesPanel />
      <History />
      <DataMaintenancePanel />
      <Layouts />
    </div>
  );
}
