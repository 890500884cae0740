import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Popconfirm, Tag, DownloadOutlined, EditOutlined, DeleteOutlined, useFeedback } from '@tradeboard/shared/ui';
import { Select, Table } from '@tradeboard/shared/ui/data';
import { Input } from '@tradeboard/shared/ui/edit';
import {
  BULK_USER_COLUMNS,
  BULK_USER_MAX_BYTES,
  bulkUserBatchCurrent,
  bulkUserBatchDelete,
  bulkUserBatchGet,
  bulkUserBatchProcess,
  bulkUserBatchTemplate,
  bulkUserBatchUpload,
  bulkUserDetailDelete,
  bulkUserDetailList,
  bulkUserDetailUpdate,
  userList,
  type ContractResult,
} from '@tradeboard/shared/contracts';
import { api, downloadFile, errorMessage, navigate, uploadFile } from '@tradeboard/shared/web';
import { refresh, useRead } from '../api/admin.ts';

type Batch = NonNullable<ContractResult<typeof bulkUserBatchCurrent>>;
type Detail = ContractResult<typeof bulkUserDetailList>['rows'][number];
type Which = 'all' | 'true' | 'false';
const PAGE_SIZE = 50;

function EditRowDialog({ row, onClose }: { row: Detail | null; onClose: (saved: boolean) => void }): ReactNode {
  const [values, setValues] = useState({ email: '', fullName: '', roleName: '', salesRep: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [shownFor, setShownFor] = useState<number | null>(null);
  if (row && shownFor !== row.id) {
    setShownFor(row.id);
    setValues({ email: row.email, fullName: row.fullName, roleName: row.roleName, salesRep: row.salesRep });
    setProblem(null);
  }
  const save = async () => {
    if (!row) return;
    setSaving(true);
    try {
      const saved = await api.call(bulkUserDetailUpdate, { params: { id: row.id }, body: values });
      if (saved.isValid) onClose(true);
      else setProblem(saved.problems.join(' '));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const field = (key: keyof typeof values, label: string, maxLength: number) => (
    <label className="tb-admin-field">
      <span>{label}</span>
      <Input value={values[key]} maxLength={maxLength} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />
    </label>
  );
  return (
    <Modal open={row !== null} title={`Row ${row?.rowNumber || ''}`} okText="Save row" onOk={() => void save()} okButtonProps={{ loading: saving }} onCancel={() => onClose(problem === null ? false : true)} destroyOnHidden>
      <form className="tb-admin-form" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        {field('email', 'E-mail', 254)}
        {field('fullName', 'Full name', 100)}
        {field('roleName', 'Role', 100)}
        {field('salesRep', 'Sales rep (optional)', 20)}
        {problem ? <Alert type="warning" showIcon message={`Saved, but the row still has problems: ${problem}`} /> : null}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

function BatchReview({ batch, onChanged }: { batch: Batch; onChanged: () => Promise<unknown> }): ReactNode {
  const { message, modal } = useFeedback();
  const [which, setWhich] = useState<Which>('all');
  const [pageNumber, setPage] = useState(1);
  const [editing, setEditing] = useState<Detail | null>(null);
  const [processing, setProcessing] = useState(false);
  const rows = useRead(bulkUserDetailList, { params: { batchId: batch.batchId, isValidFilter: which }, body: { pageNumber, pageSize: PAGE_SIZE } });
  const changed = async () => Promise.all([onChanged(), rows.mutate()]);

  const process = () =>
    modal.confirm({
      title: `Create ${batch.validCount} user${batch.validCount === 1 ? '' : 's'}?`,
      content: `${batch.invalidCount ? `${batch.invalidCount} row${batch.invalidCount === 1 ? '' : 's'} with problems will be left out. ` : ''}Each new user gets an access e-mail. All are created together, or none.`,
      okText: 'Process',
      onOk: async () => {
        setProcessing(true);
        try {
          const done = await api.call(bulkUserBatchProcess, { params: { batchId: batch.batchId }, body: {} });
          message.success(`${done.createdCount} users were created.`);
          await refresh(userList);
          await changed();
        } catch (error) {
          message.error(errorMessage(error));
        } finally {
          setProcessing(false);
        }
      },
    });
  const discard = () =>
    modal.confirm({
      title: 'Discard this batch?',
      content: `The ${batch.rowCount} rows of ${batch.fileName} are removed. No user is created.`,
      okText: 'Discard',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.call(bulkUserBatchDelete, { params: { batchId: batch.batchId } });
          await onChanged();
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });

  return (
    <section className="tb-admin-panel" aria-labelledby="batch-title">
      <div className="tb-admin-toolbar">
        <h3 id="batch-title">
          {batch.fileName} <span className="tb-admin-muted">· {batch.rowCount} rows</span>
        </h3>
        <Tag color="green">{batch.validCount} ready</Tag>
        <Tag color={batch.invalidCount ? 'red' : undefined}>{batch.invalidCount} with problems</Tag>
        <Select
          aria-label="Rows to show"
          value={which}
          style={{ minWidth: 170 }}
          onChange={(value: Which) => {
            setWhich(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: 'All rows' },
            { value: 'false', label: 'Rows with problems' },
            { value: 'true', label: 'Rows ready' },
          ]}
        />
      </div>
      {processing ? (
        <p role="status" className="tb-admin-muted">
          Creating {batch.validCount} users… do not close this page.
        </p>
      ) : null}
      {rows.error ? <Alert type="error" showIcon message={errorMessage(rows.error)} /> : null}
      <Table
        size="small"
        rowKey="id"
        loading={rows.isLoading}
        scroll={{ x: 760 }}
        dataSource={rows.data?.rows ?? []}
        locale={{ emptyText: which === 'false' ? 'No row has a problem' : 'No rows' }}
        pagination={{ current: pageNumber, pageSize: PAGE_SIZE, total: rows.data?.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        rowClassName={(row) => (row.isValid ? '' : 'tb-admin-row--problem')}
        columns={[
          { title: 'Row', dataIndex: 'rowNumber', width: 64, render: (n: number) => (n ? n : 'added') },
          { title: 'E-mail', dataIndex: 'email', render: (email: string) => <span className="tb-admin-value">{email || '—'}</span> },
          { title: 'Full name', dataIndex: 'fullName' },
          { title: 'Role', dataIndex: 'roleName' },
          { title: 'Sales rep', dataIndex: 'salesRep', render: (rep: string) => rep || '—' },
          {
            title: 'Problems',
            dataIndex: 'problems',
            render: (problems: string[], row) =>
              batch.status === 'Processed' ? (row.userMasterId ? <Tag color="green">Created</Tag> : <Tag>Left out</Tag>) : problems.length ? (
                <ul className="tb-admin-problems">{problems.map((p) => <li key={p}>{p}</li>)}</ul>
              ) : (
                <Tag color="green">Ready</Tag>
              ),
          },
          ...(batch.status === 'Uploaded'
            ? [
                {
                  title: <span className="tb-visually-hidden">Actions</span>,
                  key: 'actions',
                  width: 96,
                  render: (_: unknown, row: Detail) => (
                    <span className="tb-admin-actions">
                      <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={`Edit row ${row.rowNumber || row.email}`} onClick={() => setEditing(row)} />
                      <Popconfirm title="Remove this row?" okText="Remove" onConfirm={() => api.call(bulkUserDetailDelete, { params: { id: row.id } }).then(changed, (e: unknown) => message.error(errorMessage(e)))}>
                        <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Remove row ${row.rowNumber || row.email}`} />
                      </Popconfirm>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {batch.status === 'Uploaded' ? (
        <div className="tb-admin-toolbar">
          <Button type="primary" disabled={!batch.validCount} loading={processing} onClick={process}>
            Process {batch.validCount} user{batch.validCount === 1 ? '' : 's'}
          </Button>
          <Button danger disabled={processing} onClick={discard}>
            Discard batch
          </Button>
        </div>
      ) : (
        <Alert type="success" showIcon message={`${batch.createdCount} users were created from ${batch.fileName}.`} action={<Button onClick={() => navigate('/settings/users')}>See users</Button>} />
      )}
      <EditRowDialog
        row={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void changed();
        }}
      />
    </section>
  );
}

/** /settings/users/upload: many users from a spreadsheet (seed 001 §7.3). */
export default function UsersUploadPage(): ReactNode {
  const { message } = useFeedback();
  const current = useRead(bulkUserBatchCurrent);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [processed, setProcessed] = useState<Batch | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const batch = current.data ?? processed;

  const upload = async () => {
    if (!file) return;
    setProblem(null);
    if (file.size > BULK_USER_MAX_BYTES) {
      setProblem(`${file.name} is larger than ${BULK_USER_MAX_BYTES / 1024 / 1024} MB, the most a user spreadsheet may be.`);
      return;
    }
    setProgress(0);
    try {
      await uploadFile(bulkUserBatchUpload, { file, onProgress: setProgress });
      setFile(null);
      setProcessed(null);
      if (input.current) input.current.value = '';
      await current.mutate();
    } catch (error) {
      setProblem(`${file.name} was not read: ${errorMessage(error)}`);
    } finally {
      setProgress(null);
    }
  };
  const onChanged = async () => {
    const before = current.data;
    const next = await current.mutate();
    // Processed: the batch is no longer current; keep showing it with its result.
    if (before && !next) {
      setProcessed(await api.call(bulkUserBatchGet, { params: { batchId: before.batchId } }).catch(() => null));
    }
  };

  return (
    <section className="tb-admin-panel" aria-labelledby="upload-title">
      <div className="tb-admin-toolbar">
        <h2 id="upload-title">Import users</h2>
        <Button onClick={() => navigate('/settings/users')}>Back to users</Button>
      </div>
      <ol className="tb-admin-steps">
        <li>
          Download the template and fill in one user a row: {BULK_USER_COLUMNS.join(', ')} (the Roles sheet lists the roles you may give).{' '}
          <Button
            icon={<DownloadOutlined aria-hidden />}
            onClick={() => void downloadFile(bulkUserBatchTemplate, { fallbackName: 'BulkUserTemplate.xlsx' }).catch((e: unknown) => message.error(errorMessage(e)))}
          >
            Download Template
          </Button>
        </li>
        <li>
          <label className="tb-admin-field">
            <span>Upload the filled-in file (XLSX or CSV)</span>
            <input ref={input} type="file" accept=".xlsx,.csv" aria-label="User spreadsheet" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <span className="tb-admin-actions">
            <Button type="primary" disabled={!file || progress !== null} loading={progress !== null} onClick={() => void upload()}>
              Upload File
            </Button>
            <Button
              disabled={!file || progress !== null}
              onClick={() => {
                setFile(null);
                if (input.current) input.current.value = '';
              }}
            >
              Clear File
            </Button>
          </span>
          {progress !== null ? <progress className="tb-admin-progress" max={1} value={progress} aria-label={`Uploading ${file?.name ?? ''}`} /> : null}
          {problem ? <Alert type="error" showIcon message={problem} /> : null}
        </li>
        <li>Review the rows below: fix or remove those with problems, then Process. Every ready row becomes a user at once, or none does.</li>
      </ol>
      {current.error ? <Alert type="error" showIcon message={errorMessage(current.error)} /> : null}
      {current.isLoading ? null : batch ? <BatchReview key={batch.batchId} batch={batch} onChanged={onChanged} /> : <p className="tb-admin-muted">No batch is waiting for review.</p>}
    </section>
  );
}
