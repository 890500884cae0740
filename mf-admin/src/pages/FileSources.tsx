import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Popconfirm, Tag, useFeedback } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/data';
import {
  erpLoadFileSourceDelete, erpLoadFileSourceList, erpLoadFileSourcePost, erpLoadFileSourcePut, erpLoadGet, erpLoadLayoutList, type ContractResult,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { refresh, useRead } from '../api/admin.ts';

export type FileSource = ContractResult<typeof erpLoadFileSourceList>[number];
type Layout = ContractResult<typeof erpLoadLayoutList>['layouts'][number];
type LoadFile = ContractResult<typeof erpLoadGet>['files'][number];
type Report = ContractResult<typeof erpLoadGet>;
type Mapping = FileSource['tables'];

/** A Select's value for a header whose column is left out of the load. */
const LEAVE_OUT = '\u0000leave-out';
const NEW_SOURCE = 0;

export const useFileSources = () => useRead(erpLoadFileSourceList);

/** The choices of one header's column: leave it out, or a column of the table the file does not give yet (required ones marked). */
function columnOptions(layout: Layout, taken: ReadonlySet<string>) {
  return [
    { value: LEAVE_OUT, label: 'Leave out (not loaded)' },
    ...layout.columns.filter((c) => !taken.has(c.name)).map((c) => ({ value: c.name, label: c.required ? `${c.name} (required)` : c.name })),
  ];
}

/** What a file still lacks: the table's required columns neither in the file nor chosen. */
function MissingColumns({ layout, given }: { layout: Layout; given: ReadonlySet<string> }): ReactNode {
  const missing = layout.columns.filter((c) => c.required && !given.has(c.name)).map((c) => c.name);
  return missing.length ? (
    <p className="tb-admin-muted" role="status">
      <Tag color="warning">Still missing</Tag> {missing.join(', ')}
    </p>
  ) : (
    <p className="tb-admin-muted" role="status"><Tag color="success">Every required column is given</Tag></p>
  );
}

/** The mapping of a source, merged with the new choices: a file name for an unknown file, each header's column. */
function merged(base: Mapping, files: readonly LoadFile[], tableOf: (f: LoadFile) => string | undefined, chosen: (f: LoadFile, header: string) => string | undefined): Mapping {
  const tables = new Map(base.map((t) => [t.table, { ...t, columns: [...t.columns] }]));
  for (const file of files) {
    const table = tableOf(file);
    if (!table) continue;
    const entry = tables.get(table) ?? { table, fileName: null, columns: [] };
    if (!file.known) entry.fileName = file.table;
    for (const header of file.unmatched) {
      const value = chosen(file, header);
      if (value === undefined) continue;
      const column = value === LEAVE_OUT ? null : value;
      entry.columns = [...entry.columns.filter((c) => c.header !== header && (column === null || c.column !== column)), { header, column }];
    }
    tables.set(table, entry);
  }
  return [...tables.values()];
}

/**
 * After a load refused for headers it could not place: per file (per table) each unmatched header
 * with a choice of the layout's columns, the required columns still missing, and where to save
 * the mapping (the upload's source, another, or a new one). `onSaved` gets the saved source.
 */
export function MappingEditor({ report, onSaved }: { report: Report; onSaved: (source: FileSource) => void }): ReactNode {
  const { message } = useFeedback();
  const layouts = useRead(erpLoadLayoutList);
  const sources = useFileSources();
  const files = report.files.filter((f) => f.unmatched.length > 0 || !f.known);
  const [tables, setTables] = useState<Record<string, string>>({});
  const [columns, setColumns] = useState<Record<string, string>>({});
  const [target, setTarget] = useState<number>(report.run.fileSourceId ?? NEW_SOURCE);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (files.length === 0 || !layouts.data) return null;

  const key = (file: LoadFile, header: string) => `${file.fileName}\u0000${header}`;
  const layoutOf = (table: string | undefined) => layouts.data!.layouts.find((l) => l.table === table);
  const tableOf = (file: LoadFile) => (file.known ? file.table : tables[file.fileName]);
  /** A header's choice; for a file of an unknown table, a header named like a column of the chosen table is that column. */
  const chosen = (file: LoadFile, header: string) => {
    const picked = columns[key(file, header)];
    if (picked !== undefined || file.known) return picked;
    return layoutOf(tableOf(file))?.columns.some((c) => c.name === header) ? header : undefined;
  };
  const choices = files.flatMap((f) => f.unmatched.map((h) => chosen(f, h))).filter((v) => v !== undefined).length;
  const source = sources.data?.find((s) => s.fileSourceId === target);
  const newName = name.trim();

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const mapping = merged(source?.tables ?? [], files, tableOf, chosen);
      const saved = source
        ? await api.call(erpLoadFileSourcePut, { params: { fileSourceId: source.fileSourceId }, body: { sourceName: source.sourceName, tables: mapping } })
        : await api.call(erpLoadFileSourcePost, { body: { sourceName: newName, tables: mapping } });
      await refresh(erpLoadFileSourceList);
      message.success(`The mapping is saved to ${saved.sourceName}.`);
      setColumns({});
      onSaved(saved);
    } catch (problem) {
      setError(errorMessage(problem));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="tb-data-mapping" className="tb-admin-panel">
      <MappingStyles />
      <h3 id="tb-data-mapping">Map the headers</h3>
      <p className="tb-admin-muted">
        These files have headers that are not columns of our layouts. Choose the column each one fills (or leave it out) and save the mapping to a file source:
        the next upload with that source reads them this way.
      </p>
      {files.map((file) => {
        const table = tableOf(file);
        const layout = layoutOf(table);
        const picked = new Set(file.unmatched.map((h) => chosen(file, h)).filter((v): v is string => v !== undefined && v !== LEAVE_OUT));
        const given = new Set([...file.columns, ...picked]);
        return (
          <fieldset key={file.fileName} className="tb-data-mapping__file" aria-label={`Mapping of ${file.fileName}`}>
            <legend>
              <strong>{file.fileName}</strong>
              {layout && <span className="tb-admin-muted"> → {layout.title} ({layout.table})</span>}
            </legend>
            {!file.known && (
              <label className="tb-admin-field">
                <span>{file.fileName} is not named after a table. Which table is it?</span>
                <Select
                  aria-label={`Table of ${file.fileName}`}
                  showSearch
                  optionFilterProp="label"
                  placeholder="Choose the table"
                  value={table}
                  onChange={(value: string) => setTables({ ...tables, [file.fileName]: value })}
                  options={layouts.data!.layouts.map((l) => ({ value: l.table, label: `${l.title} (${l.table})` }))}
                />
              </label>
            )}
            {layout && (
              <>
                <div className="tb-data-mapping__rows">
                  {file.unmatched.map((header) => {
                    const value = chosen(file, header);
                    return (
                      <label key={header} className="tb-data-mapping__row">
                        <code>{header}</code>
                        <Select
                          aria-label={`Column for ${header}`}
                          showSearch
                          optionFilterProp="label"
                          placeholder="Choose a column"
                          value={value}
                          onChange={(next: string) => setColumns({ ...columns, [key(file, header)]: next })}
                          options={columnOptions(layout, new Set([...file.columns, ...[...picked].filter((c) => c !== value)]))}
                        />
                      </label>
                    );
                  })}
                </div>
                <MissingColumns layout={layout} given={given} />
              </>
            )}
          </fieldset>
        );
      })}
      <div className="tb-admin-form">
        <label className="tb-admin-field">
          <span>Save to</span>
          <Select
            aria-label="Save to"
            value={target}
            onChange={setTarget}
            options={[...(sources.data ?? []).map((s) => ({ value: s.fileSourceId, label: s.sourceName })), { value: NEW_SOURCE, label: 'A new file source' }]}
          />
        </label>
        {!source && (
          <label className="tb-admin-field">
            <span>Name of the new file source</span>
            <Input aria-label="Name of the new file source" placeholder="Acme ERP nightly export" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
        )}
        {error && <Alert type="error" showIcon message="The mapping could not be saved" description={error} />}
        <div className="tb-admin-toolbar">
          <Button type="primary" loading={saving} disabled={choices === 0 || (!source && !newName)} onClick={() => void save()}>Save mapping</Button>
        </div>
      </div>
    </section>
  );
}

/** Changing a source: its name, each mapped header's column (or removing it), its tables' file names; removing the source. */
export function FileSourceDialog({ source, onClose, onRemoved }: { source: FileSource | 'new' | null; onClose: () => void; onRemoved: () => void }): ReactNode {
  const { message } = useFeedback();
  const layouts = useRead(erpLoadLayoutList);
  const [name, setName] = useState<string | null>(null);
  const [tables, setTables] = useState<Mapping | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!source) return null;
  const current = tables ?? (source === 'new' ? [] : source.tables);
  const sourceName = name ?? (source === 'new' ? '' : source.sourceName);
  const close = () => {
    setName(null);
    setTables(null);
    setError(null);
    onClose();
  };
  const change = (table: string, patch: (t: Mapping[number]) => Mapping[number]) => setTables(current.map((t) => (t.table === table ? patch(t) : t)));
  const run = async (work: () => Promise<string>) => {
    setSaving(true);
    setError(null);
    try {
      const text = await work();
      await refresh(erpLoadFileSourceList);
      message.success(text);
      close();
    } catch (problem) {
      setError(errorMessage(problem));
    } finally {
      setSaving(false);
    }
  };
  const save = () =>
    run(async () => {
      const body = { sourceName: sourceName.trim(), tables: current.map((t) => ({ ...t, fileName: t.fileName?.trim() || null })) };
      if (source === 'new') await api.call(erpLoadFileSourcePost, { body });
      else await api.call(erpLoadFileSourcePut, { params: { fileSourceId: source.fileSourceId }, body });
      return `${body.sourceName} is saved.`;
    });
  const remove = () =>
    run(async () => {
      if (source === 'new') return '';
      await api.call(erpLoadFileSourceDelete, { params: { fileSourceId: source.fileSourceId } });
      onRemoved();
      return `${source.sourceName} is removed.`;
    });

  return (
    <Modal
      open
      title={source === 'new' ? 'New file source' : `Edit ${source.sourceName}`}
      okText="Save"
      onOk={() => void save()}
      okButtonProps={{ disabled: !sourceName.trim(), loading: saving }}
      onCancel={close}
      width={640}
      destroyOnHidden
      footer={(buttons) => (
        <div className="tb-admin-toolbar">
          {source !== 'new' ? (
            <Popconfirm title={`Remove ${source.sourceName}?`} description="Loads made with it stay." okText="Remove" cancelText="Keep" onConfirm={() => void remove()}>
              <Button danger>Remove source</Button>
            </Popconfirm>
          ) : <span />}
          <span className="tb-admin-actions">{buttons}</span>
        </div>
      )}
    >
      <div className="tb-admin-form tb-admin-form--wide">
        <MappingStyles />
        <label className="tb-admin-field">
          <span>Name</span>
          <Input aria-label="Name" maxLength={100} value={sourceName} onChange={(e) => setName(e.target.value)} />
        </label>
        {current.length === 0 && <p className="tb-admin-muted">No mapping yet: upload a file with this source, and map the headers the report names.</p>}
        {current.map((t) => {
          const layout = layouts.data?.layouts.find((l) => l.table === t.table);
          if (!layout) return null;
          const used = new Set(t.columns.map((c) => c.column).filter((c): c is string => c !== null));
          return (
            <fieldset key={t.table} className="tb-data-mapping__file" aria-label={`Mapping of ${layout.title}`}>
              <legend><strong>{layout.title}</strong> <span className="tb-admin-muted">({t.table})</span></legend>
              <label className="tb-admin-field">
                <span>Their file name (when not {t.table}.csv)</span>
                <Input aria-label={`File name for ${t.table}`} maxLength={200} value={t.fileName ?? ''} onChange={(e) => change(t.table, (x) => ({ ...x, fileName: e.target.value }))} />
              </label>
              <div className="tb-data-mapping__rows">
                {t.columns.map((c) => (
                  <div key={c.header} className="tb-data-mapping__row tb-data-mapping__row--removable">
                    <code>{c.header}</code>
                    <Select
                      aria-label={`Column for ${c.header}`}
                      value={c.column ?? LEAVE_OUT}
                      onChange={(next: string) => change(t.table, (x) => ({ ...x, columns: x.columns.map((y) => (y.header === c.header ? { ...y, column: next === LEAVE_OUT ? null : next } : y)) }))}
                      options={columnOptions(layout, new Set([...used].filter((u) => u !== c.column)))}
                    />
                    <Button size="small" aria-label={`Remove ${c.header}`} onClick={() => change(t.table, (x) => ({ ...x, columns: x.columns.filter((y) => y.header !== c.header) }))}>Remove</Button>
                  </div>
                ))}
              </div>
            </fieldset>
          );
        })}
        {error && <Alert type="error" showIcon message={error} />}
      </div>
    </Modal>
  );
}

/** The mapping editor's own rules (hoisted into <head> once, like the admin kit's). */
const MAPPING_STYLES = `
.tb-data-mapping__file { border: 1px solid var(--tb-border); border-radius: 8px; padding: 8px 12px 4px; margin: 0 0 12px; min-width: 0; }
.tb-data-mapping__file legend { padding: 0 4px; font-size: 14px; overflow-wrap: anywhere; }
.tb-data-mapping__rows { display: grid; gap: 8px; margin: 8px 0; }
.tb-data-mapping__row { display: grid; grid-template-columns: minmax(96px, 1fr) minmax(160px, 2fr); gap: 8px 12px; align-items: center; max-width: 560px; }
.tb-data-mapping__row--removable { grid-template-columns: minmax(96px, 1fr) minmax(160px, 2fr) auto; }
.tb-data-mapping__row code { overflow-wrap: anywhere; }
@media (max-width: 480px) {
  .tb-data-mapping__row, .tb-data-mapping__row--removable { grid-template-columns: 1fr; gap: 4px; }
}
`;

function MappingStyles(): ReactNode {
  return (
    <style href="tb-data-mapping" precedence="default">
      {MAPPING_STYLES}
    </style>
  );
}
