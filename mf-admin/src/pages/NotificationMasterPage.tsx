import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Switch, DeleteOutlined, EditOutlined, PlusOutlined, useFeedback } from '@tradeboard/shared/ui';
import { Select, Table } from '@tradeboard/shared/ui/data';
import { Input } from '@tradeboard/shared/ui/edit';
import {
  NOTIFICATION_COLUMN_KEYS,
  NOTIFICATION_OPERATOR_KEYS,
  NOTIFICATION_TYPES,
  notificationMasterColumnCalls,
  notificationMasterColumnOperatorCalls,
  notificationMasterControlTypeList,
  notificationMasterFilterNameList,
  notificationMasterOperatorCalls,
  notificationMasterResultList,
  notificationMasterTypeCalls,
  notificationMasterTypeColumnCalls,
  type Contract,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { refresh, useRead, usePermissions } from '../api/admin.ts';

type Row = Record<string, unknown>;
type Choice = { value: string | number; label: string };
type Field = { key: string; label: string; kind: 'text' | 'number' | 'switch' | 'choice'; choices?: Choice[]; optional?: boolean };
type Calls = { list: Contract; put: Contract; post: Contract; delete: Contract };
type ListSpec = { key: string; label: string; calls: Calls; idKey: string; fields: Field[]; headers: string[]; show: (row: Row) => string[] };

const ALL_CALLS = [notificationMasterTypeCalls, notificationMasterTypeColumnCalls, notificationMasterColumnCalls, notificationMasterColumnOperatorCalls, notificationMasterOperatorCalls];
const choices = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));
const labelOf = (rows: Row[] | undefined, idKey: string, id: unknown, labelKey: string) => String(rows?.find((r) => r[idKey] === id)?.[labelKey] ?? String(id));

/** The five NotificationMaster lists, their fields, and how a row reads in the table. */
function useListSpecs(): ListSpec[] {
  const types = useRead(notificationMasterTypeCalls.list).data as Row[] | undefined;
  const columns = useRead(notificationMasterColumnCalls.list).data as Row[] | undefined;
  const operators = useRead(notificationMasterOperatorCalls.list).data as Row[] | undefined;
  const controlTypes = useRead(notificationMasterControlTypeList).data?.map((c) => c.controlType) ?? [];
  const filterNames = useRead(notificationMasterFilterNameList).data?.map((f) => f.filterName) ?? [];
  /** A referenced list as a field: its choices and the name a row shows for its id. */
  const reference = (rows: Row[] | undefined, key: string, label: string, nameKey: string) => ({
    field: { key, label, kind: 'choice' as const, choices: (rows ?? []).map((r) => ({ value: r[key] as number, label: String(r[nameKey]) })) },
    name: (row: Row) => labelOf(rows, key, row[key], nameKey),
  });
  /** A link list (Type/Column, Column/Operator): two references. */
  const link = (key: string, label: string, calls: Calls, idKey: string, left: ReturnType<typeof reference>, right: ReturnType<typeof reference>): ListSpec => ({
    key,
    label,
    calls,
    idKey,
    fields: [left.field, right.field],
    headers: [left.field.label, right.field.label],
    show: (row) => [left.name(row), right.name(row)],
  });
  const type = reference(types, 'notificationMasterId', 'Type', 'notificationName');
  const column = reference(columns, 'notificationColumnMasterId', 'Column', 'displayName');
  const operator = reference(operators, 'notificationOperatorId', 'Operator', 'displayName');
  return [
    {
      key: 'type',
      label: 'Types',
      calls: notificationMasterTypeCalls,
      idKey: 'notificationMasterId',
      fields: [
        { key: 'notificationType', label: 'Evaluation', kind: 'choice', choices: choices(NOTIFICATION_TYPES) },
        { key: 'notificationName', label: 'Name', kind: 'text' },
        { key: 'description', label: 'Description', kind: 'text', optional: true },
        { key: 'resultLimit', label: 'Result limit', kind: 'number', optional: true },
        { key: 'isActive', label: 'Active', kind: 'switch' },
      ],
      headers: ['Name', 'Evaluation', 'Status'],
      show: (row) => [String(row.notificationName), String(row.notificationType), row.isActive ? 'Active' : 'Inactive'],
    },
    link('typeColumn', 'Type / Column', notificationMasterTypeColumnCalls, 'notificationMasterXColumnId', type, column),
    {
      key: 'column',
      label: 'Columns',
      calls: notificationMasterColumnCalls,
      idKey: 'notificationColumnMasterId',
      fields: [
        { key: 'columnKey', label: 'Result field', kind: 'choice', choices: choices(NOTIFICATION_COLUMN_KEYS) },
        { key: 'displayName', label: 'Name', kind: 'text' },
        { key: 'controlType', label: 'Control type', kind: 'choice', choices: choices(controlTypes) },
        { key: 'filterName', label: 'Filter values from', kind: 'choice', choices: choices(filterNames), optional: true },
      ],
      headers: ['Name', 'Result field', 'Control', 'Values from'],
      show: (row) => [String(row.displayName), String(row.columnKey), String(row.controlType), String(row.filterName ?? '—')],
    },
    link('columnOperator', 'Column / Operator', notificationMasterColumnOperatorCalls, 'notificationColumnXOperatorId', column, operator),
    {
      key: 'operator',
      label: 'Operators',
      calls: notificationMasterOperatorCalls,
      idKey: 'notificationOperatorId',
      fields: [
        { key: 'operatorKey', label: 'Comparison', kind: 'choice', choices: choices(NOTIFICATION_OPERATOR_KEYS) },
        { key: 'displayName', label: 'Name', kind: 'text' },
      ],
      headers: ['Name', 'Comparison'],
      show: (row) => [String(row.displayName), String(row.operatorKey)],
    },
  ];
}

/** The add/edit form of one list's row, built from its fields. */
function MasterRowDialog({ spec, row, onClose, onSaved }: { spec: ListSpec; row: Row | null; onClose: () => void; onSaved: () => void }): ReactNode {
  const [values, setValues] = useState<Row>(() => (row ? { ...row } : { isActive: true }));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const valid = spec.fields.every((f) => f.optional || f.kind === 'switch' || (values[f.key] !== undefined && values[f.key] !== null && values[f.key] !== ''));
  const set = (key: string, value: unknown) => setValues({ ...values, [key]: value });

  const submit = async () => {
    if (!valid) return;
    setSaving(true);
    setProblem(null);
    const body = Object.fromEntries(spec.fields.filter((f) => values[f.key] !== undefined && values[f.key] !== '').map((f) => [f.key, values[f.key]]));
    try {
      if (row) await api.call(spec.calls.put, { params: { id: row[spec.idKey] }, body } as never);
      else await api.call(spec.calls.post, { body } as never);
      onSaved();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={`${row ? 'Edit' : 'Add'} ${spec.label}`} okText="Save" onOk={() => void submit()} okButtonProps={{ disabled: !valid, loading: saving }} onCancel={onClose}>
      <form className="tb-admin-form" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        {spec.fields.map((field) => (
          <label key={field.key} className={field.kind === 'switch' ? 'tb-admin-switch' : 'tb-admin-field'}>
            {field.kind === 'switch' ? <Switch checked={values[field.key] === true} onChange={(on) => set(field.key, on)} /> : null}
            <span>{field.label}{field.optional ? ' (optional)' : ''}</span>
            {field.kind === 'text' ? <Input value={String(values[field.key] ?? '')} maxLength={field.key === 'description' ? 500 : 100} onChange={(e) => set(field.key, e.target.value)} /> : null}
            {field.kind === 'number' ? (
              <Input type="number" min={1} value={values[field.key] === null || values[field.key] === undefined ? '' : String(values[field.key])} onChange={(e) => set(field.key, e.target.value === '' ? null : Number(e.target.value))} />
            ) : null}
            {field.kind === 'choice' ? (
              <Select aria-label={field.label} allowClear={field.optional} value={values[field.key] ?? undefined} onChange={(value) => set(field.key, value ?? null)} options={field.choices} />
            ) : null}
          </label>
        ))}
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

/** /settings/notifications (administrators): the NotificationMaster lists with add, edit and delete. */
export default function NotificationMasterPage(): ReactNode {
  const { message, modal } = useFeedback();
  const canWrite = usePermissions().has('settings.global');
  const specs = useListSpecs();
  const [listKey, setListKey] = useState('type');
  const spec = specs.find((s) => s.key === listKey) ?? specs[0]!;
  const rows = useRead(spec.calls.list);
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const refreshAll = () => refresh(...ALL_CALLS.map((c) => c.list), notificationMasterResultList);

  const remove = (row: Row) =>
    modal.confirm({
      title: 'Are you sure?',
      content: `${spec.show(row).join(' · ')} is deleted.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.call(spec.calls.delete, { params: { id: row[spec.idKey] } } as never);
          await refreshAll();
          message.success('Deleted.');
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });

  return (
    <section className="tb-admin-panel" aria-labelledby="master-title">
      <div className="tb-admin-toolbar">
        <h2 id="master-title">Notification catalogue</h2>
        <Select aria-label="List" value={listKey} onChange={setListKey} style={{ minWidth: 200 }} options={specs.map((s) => ({ value: s.key, label: s.label }))} />
        {canWrite ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ row: null })}>
            Add
          </Button>
        ) : null}
      </div>
      <p className="tb-admin-muted">The notification types users may set up, the columns their filters compare and each column&apos;s operators.</p>
      {rows.error ? <Alert type="error" showIcon message={errorMessage(rows.error)} /> : null}
      <Table
        size="small"
        rowKey={spec.idKey}
        loading={rows.isLoading}
        pagination={false}
        scroll={{ x: 520 }}
        dataSource={(rows.data as Row[] | undefined) ?? []}
        locale={{ emptyText: 'Nothing in this list yet' }}
        columns={[
          ...spec.headers.map((title, index) => ({ title, key: title, render: (_: unknown, row: Row) => spec.show(row)[index] })),
          ...(canWrite ? [{
            title: <span className="tb-visually-hidden">Actions</span>,
            key: 'actions',
            width: 96,
            render: (_: unknown, row: Row) => (
              <span className="tb-admin-actions">
                <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={`Edit ${spec.show(row)[0]}`} onClick={() => setEditing({ row })} />
                <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Delete ${spec.show(row).join(' ')}`} onClick={() => remove(row)} />
              </span>
            ),
          }] : []),
        ]}
      />
      {editing ? (
        <MasterRowDialog
          key={`${spec.key}-${String(editing.row?.[spec.idKey] ?? 'new')}`}
          spec={spec}
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refreshAll();
            message.success('Saved.');
          }}
        />
      ) : null}
    </section>
  );
}
