import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Popconfirm, Tag, useFeedback } from '@tradeboard/shared/ui';
import { Input, Select, Table } from '@tradeboard/shared/ui/data';
import {
  adminModelQueryDelete, adminModelQueryList, adminModelQueryPost, adminModelQueryPut, connectionLocalDelete, connectionLocalList, connectionLocalLoad,
  connectionLocalPost, connectionLocalPut, connectionLocalTest, erpLoadLayoutList, LOCAL_CONNECT_TYPES, modelValidate, type ContractResult,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { refresh, useRead } from '../api/admin.ts';
import { LoadRunStatus, useLoadRun } from './LoadRun.tsx';

type Source = ContractResult<typeof connectionLocalList>[number];
type ModelQuery = ContractResult<typeof adminModelQueryList>[number];
type SourceForm = {
  connectionName: string; localConnectTypeId: number; host: string; port: number; databaseName: string; userName: string; password: string; loadDailyAt: string;
};

const KIND_NAME = new Map<number, string>(LOCAL_CONNECT_TYPES.map((t) => [t.localConnectTypeId, t.name]));
const EMPTY_FORM: SourceForm = { connectionName: '', localConnectTypeId: 2, host: '', port: 3306, databaseName: '', userName: '', password: '', loadDailyAt: '' };
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Both kinds of source, in one list. */
function useSources() {
  const postgres = useRead(connectionLocalList, { params: { locationConnectionType: 1 } });
  const mysql = useRead(connectionLocalList, { params: { locationConnectionType: 2 } });
  const sources = [...(postgres.data ?? []), ...(mysql.data ?? [])].sort((a, b) => a.connectionName.localeCompare(b.connectionName));
  return { sources, isLoading: postgres.isLoading || mysql.isLoading, error: postgres.error ?? mysql.error };
}

/** A dialog's save: busy while it runs, its error shown in the dialog. */
function useSave() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (work: () => Promise<void>) => {
    setSaving(true);
    setError(null);
    try {
      await work();
    } catch (problem) {
      setError(errorMessage(problem));
    } finally {
      setSaving(false);
    }
  };
  return { saving, error, setError, save };
}

/** Adding or changing a source: its connection, password (kept when left empty on a change) and daily load time. */
function SourceDialog({ source, onClose }: { source: Source | 'new' | null; onClose: () => void }): ReactNode {
  const { message } = useFeedback();
  const [form, setForm] = useState<SourceForm | null>(null);
  const { saving, error, setError, save: run } = useSave();
  if (!source) return null;
  const current: SourceForm = form ?? (source === 'new' ? EMPTY_FORM : { ...source, password: '', loadDailyAt: source.loadDailyAt ?? '' });
  const set = (patch: Partial<SourceForm>) => setForm({ ...current, ...patch });
  const timeOk = current.loadDailyAt === '' || TIME.test(current.loadDailyAt);
  const complete = current.connectionName.trim() && current.host.trim() && current.databaseName.trim() && current.userName.trim() && current.port > 0 && timeOk;
  const close = () => {
    setForm(null);
    setError(null);
    onClose();
  };
  const save = () =>
    run(async () => {
      const { password, loadDailyAt, ...fields } = current;
      const body = { ...fields, connectionName: fields.connectionName.trim(), loadDailyAt: loadDailyAt || null };
      if (source === 'new') await api.call(connectionLocalPost, { body: { ...body, password } });
      else await api.call(connectionLocalPut, { params: { localConnectionId: source.localConnectionId }, body: { ...body, ...(password ? { password } : {}) } });
      await refresh(connectionLocalList);
      message.success(`${body.connectionName} is saved.`);
      close();
    });
  const field = (label: string, key: 'connectionName' | 'host' | 'databaseName' | 'userName', autoComplete = 'off') => (
    <label className="tb-admin-field">
      <span>{label}</span>
      <Input aria-label={label} value={current[key]} autoComplete={autoComplete} onChange={(e) => set({ [key]: e.target.value })} />
    </label>
  );
  return (
    <Modal
      open
      title={source === 'new' ? 'Add SQL source' : `Edit ${source.connectionName}`}
      okText="Save"
      onOk={() => void save()}
      okButtonProps={{ disabled: !complete, loading: saving }}
      onCancel={close}
      destroyOnHidden
    >
      <div className="tb-admin-form">
        {field('Name', 'connectionName')}
        <label className="tb-admin-field">
          <span>Database kind</span>
          <Select
            aria-label="Database kind"
            value={current.localConnectTypeId}
            onChange={(kind: number) => set({ localConnectTypeId: kind, port: LOCAL_CONNECT_TYPES.find((t) => t.localConnectTypeId === kind)!.defaultPort })}
            options={LOCAL_CONNECT_TYPES.map((t) => ({ value: t.localConnectTypeId, label: t.name }))}
          />
        </label>
        {field('Host', 'host')}
        <label className="tb-admin-field">
          <span>Port</span>
          <Input aria-label="Port" inputMode="numeric" value={String(current.port || '')} onChange={(e) => set({ port: Number(e.target.value.replace(/\D/g, '')) || 0 })} />
        </label>
        {field('Database', 'databaseName')}
        {field('User', 'userName')}
        <label className="tb-admin-field">
          <span>{source === 'new' ? 'Password' : 'Password (leave empty to keep the stored one)'}</span>
          <Input.Password aria-label="Password" value={current.password} autoComplete="new-password" onChange={(e) => set({ password: e.target.value })} />
        </label>
        <label className="tb-admin-field">
          <span>Load daily at (UTC, HH:MM; empty: only when started)</span>
          <Input aria-label="Load daily at" placeholder="06:00" value={current.loadDailyAt} status={timeOk ? undefined : 'error'} onChange={(e) => set({ loadDailyAt: e.target.value.trim() })} />
        </label>
        {error && <Alert type="error" showIcon message={error} />}
      </div>
    </Modal>
  );
}

/** Adding or changing one model query: the ERP table it fills and its SELECT on the source. */
function ModelQueryDialog({ source, query, onClose }: { source: Source; query: ModelQuery | 'new' | null; onClose: () => void }): ReactNode {
  const { message } = useFeedback();
  const layouts = useRead(erpLoadLayoutList);
  const [tableName, setTable] = useState<string | null>(null);
  const [queryText, setText] = useState<string | null>(null);
  const { saving, error, setError, save: run } = useSave();
  if (!query) return null;
  const table = tableName ?? (query === 'new' ? '' : query.tableName);
  const text = queryText ?? (query === 'new' ? '' : query.queryText);
  const close = () => {
    setTable(null);
    setText(null);
    setError(null);
    onClose();
  };
  const save = () =>
    run(async () => {
      if (query === 'new') await api.call(adminModelQueryPost, { body: { localConnectionId: source.localConnectionId, tableName: table, queryText: text } });
      else await api.call(adminModelQueryPut, { params: { modelQueryId: query.modelQueryId }, body: { tableName: table, queryText: text } });
      await refresh(adminModelQueryList);
      message.success(`The model query for ${table} is saved; validate it before loading.`);
      close();
    });
  const layout = layouts.data?.layouts.find((l) => l.table === table);
  return (
    <Modal
      open
      title={query === 'new' ? `Add model query to ${source.connectionName}` : `Edit the model query for ${query.tableName}`}
      okText="Save"
      onOk={() => void save()}
      okButtonProps={{ disabled: !table || !text.trim(), loading: saving }}
      onCancel={close}
      width={720}
      destroyOnHidden
    >
      <div className="tb-admin-form tb-admin-form--wide">
        <label className="tb-admin-field">
          <span>ERP table</span>
          <Select
            aria-label="ERP table"
            showSearch
            optionFilterProp="label"
            value={table || undefined}
            placeholder="The table it fills"
            onChange={setTable}
            options={(layouts.data?.layouts ?? []).map((l) => ({ value: l.table, label: `${l.title} (${l.table})` }))}
          />
        </label>
        {layout && (
          <p className="tb-admin-muted">
            Select these columns by name: {layout.columns.map((c) => (c.required ? `${c.name}*` : c.name)).join(', ')} (* required).
          </p>
        )}
        <label className="tb-admin-field">
          <span>Query (a SELECT on the source)</span>
          <Input.TextArea aria-label="Query" value={text} rows={8} spellCheck={false} style={{ fontFamily: 'monospace' }} onChange={(e) => setText(e.target.value)} />
        </label>
        {error && <Alert type="error" showIcon message={error} />}
      </div>
    </Modal>
  );
}

/** One source's model queries: validate, edit, remove, add. */
function ModelQueries({ source }: { source: Source }): ReactNode {
  const { message } = useFeedback();
  const queries = useRead(adminModelQueryList, { params: { erpMasterId: source.erpMasterId } });
  const [editing, setEditing] = useState<ModelQuery | 'new' | null>(null);
  const mine = (queries.data ?? []).filter((q) => q.localConnectionId === source.localConnectionId);
  const act = async (work: () => Promise<string>) => {
    try {
      const text = await work();
      await refresh(adminModelQueryList);
      message.info(text);
    } catch (problem) {
      message.error(errorMessage(problem));
    }
  };
  return (
    <section className="tb-admin-panel" aria-labelledby={`tb-model-queries-${source.localConnectionId}`}>
      <div className="tb-admin-toolbar">
        <h3 id={`tb-model-queries-${source.localConnectionId}`}>Model queries of {source.connectionName}</h3>
        <Button onClick={() => setEditing('new')}>Add model query</Button>
      </div>
      <Table<ModelQuery>
        size="small"
        rowKey="modelQueryId"
        loading={queries.isLoading}
        dataSource={mine}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No model query yet: add one per ERP table to load.' }}
        columns={[
          { title: 'Table', dataIndex: 'tableName' },
          {
            title: 'Checked',
            key: 'valid',
            render: (_: unknown, q) => (
              <span className="tb-admin-notification">
                <Tag color={q.isValid === true ? 'success' : q.isValid === false ? 'error' : 'default'}>{q.isValid === true ? 'Valid' : q.isValid === false ? 'Invalid' : 'Not validated'}</Tag>
                {q.validationMessage && <span className="tb-admin-muted">{q.validationMessage}</span>}
              </span>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, q) => (
              <span className="tb-admin-actions">
                <Button size="small" aria-label={`Validate ${q.tableName}`} onClick={() => void act(async () => (await api.call(modelValidate, { params: { modelMasterId: q.modelQueryId } })).message)}>
                  Validate
                </Button>
                <Button size="small" aria-label={`Edit ${q.tableName}`} onClick={() => setEditing(q)}>Edit</Button>
                <Popconfirm title={`Remove the model query for ${q.tableName}?`} okText="Remove" cancelText="Keep" onConfirm={() => void act(async () => {
                  await api.call(adminModelQueryDelete, { params: { modelQueryId: q.modelQueryId } });
                  return `The model query for ${q.tableName} is removed.`;
                })}>
                  <Button size="small" danger aria-label={`Remove ${q.tableName}`}>Remove</Button>
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
      <ModelQueryDialog source={source} query={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

/**
 * Settings → Data → SQL sources (issue 29): the distributor's own databases (PostgreSQL, MySQL /
 * MariaDB), each with a model query per ERP table; test a connection, validate the queries, load
 * now (followed to its end like an upload) or daily at a time.
 */
export default function SqlSourcesPanel(): ReactNode {
  const { message } = useFeedback();
  const { sources, isLoading, error } = useSources();
  const [editing, setEditing] = useState<Source | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const load = useLoadRun();
  const open = sources.find((s) => s.localConnectionId === openId) ?? null;

  const test = async (source: Source) => {
    try {
      const result = await api.call(connectionLocalTest, { params: { localConnectionId: source.localConnectionId } });
      if (result.ok) message.success(`${source.connectionName}: connected (${result.message})`);
      else message.error(`${source.connectionName}: ${result.message}`);
    } catch (problem) {
      message.error(errorMessage(problem));
    }
  };
  const start = async (source: Source) => {
    load.reset();
    try {
      load.follow(await api.call(connectionLocalLoad, { params: { localConnectionId: source.localConnectionId } }));
    } catch (problem) {
      load.setError(errorMessage(problem));
    }
  };
  const remove = async (source: Source) => {
    try {
      await api.call(connectionLocalDelete, { params: { localConnectionId: source.localConnectionId } });
      if (openId === source.localConnectionId) setOpenId(null);
      await refresh(connectionLocalList);
      message.success(`${source.connectionName} is removed.`);
    } catch (problem) {
      message.error(errorMessage(problem));
    }
  };

  return (
    <section aria-labelledby="tb-data-sql" className="tb-admin-panel">
      <div className="tb-admin-toolbar">
        <h2 id="tb-data-sql">SQL sources</h2>
        <Button onClick={() => setEditing('new')}>Add SQL source</Button>
      </div>
      <p className="tb-admin-muted">
        Your ERP's own database: each model query selects from it into one ERP table's layout, in a read-only transaction. Passwords are stored encrypted.
      </p>
      {error && <Alert type="error" showIcon message="The sources could not be read" description={errorMessage(error)} />}
      <Table<Source>
        size="small"
        rowKey="localConnectionId"
        loading={isLoading}
        dataSource={sources}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No SQL source yet' }}
        columns={[
          { title: 'Name', dataIndex: 'connectionName' },
          { title: 'Kind', dataIndex: 'localConnectTypeId', render: (kind: number) => KIND_NAME.get(kind) ?? kind },
          { title: 'Database', key: 'where', render: (_: unknown, s) => `${s.userName}@${s.host}:${s.port}/${s.databaseName}` },
          { title: 'Loads', dataIndex: 'loadDailyAt', render: (at: string | null) => (at ? `Daily at ${at} UTC` : 'When started') },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, s) => (
              <span className="tb-admin-actions">
                <Button size="small" aria-label={`Test ${s.connectionName}`} onClick={() => void test(s)}>Test connection</Button>
                <Button size="small" aria-label={`Model queries of ${s.connectionName}`} aria-expanded={openId === s.localConnectionId}
                  onClick={() => setOpenId(openId === s.localConnectionId ? null : s.localConnectionId)}>
                  Model queries
                </Button>
                <Button size="small" type="primary" aria-label={`Load ${s.connectionName} now`} disabled={load.runId !== null} onClick={() => void start(s)}>Load now</Button>
                <Button size="small" aria-label={`Edit ${s.connectionName}`} onClick={() => setEditing(s)}>Edit</Button>
                <Popconfirm title={`Remove ${s.connectionName}?`} description="Its model queries go with it; loaded data stays." okText="Remove" cancelText="Keep" onConfirm={() => void remove(s)}>
                  <Button size="small" danger aria-label={`Remove ${s.connectionName}`}>Remove</Button>
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
      {open && <ModelQueries source={open} />}
      <LoadRunStatus load={load} failedTitle="The load could not start" />
      <SourceDialog source={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
