import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Popconfirm, Switch, Tag } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/edit';
import { Table } from '@tradeboard/shared/ui/data';
import { UDF_FIELD_TYPES, UDF_TABLES } from '@tradeboard/shared/contracts';
import { errorMessage } from '@tradeboard/shared/web';
import { addField, deleteField, refreshSettings, updateField, useFieldDefinitions, type FieldDraft, type UdfMeta, type UdfTable } from '../api/settings.ts';
import { ConflictAlert } from '../editor/ConflictAlert.tsx';
import { useConflictSave } from '../editor/useConflictSave.ts';

const TABLE_LABELS: Readonly<Record<UdfTable, string>> = { Activity: 'Activities', Contact: 'Contacts', Opportunity: 'Opportunities' };

/** A field's form: add (entity, label, type, choices) or edit from the version shown. */
function FieldDialog({ field: given, onClose }: { field: UdfMeta | null; onClose: () => void }): ReactNode {
  const [field, setField] = useState(given);
  const [table, setTable] = useState<UdfTable>(given?.dynamicTable ?? 'Activity');
  const [label, setLabel] = useState(given?.label ?? '');
  const [fieldType, setFieldType] = useState<FieldDraft['fieldType']>(given?.fieldType ?? 'Text');
  const [choices, setChoices] = useState((given?.choices ?? []).join('\n'));
  const [isRequired, setRequired] = useState(given?.isRequired ?? false);
  const [isActive, setActive] = useState(given?.isActive ?? true);
  const { busy, error, setError, conflict, clearConflict, run } = useConflictSave<UdfMeta>();

  const load = (from: UdfMeta) => {
    setField(from);
    setLabel(from.label);
    setFieldType(from.fieldType);
    setChoices(from.choices.join('\n'));
    setRequired(from.isRequired);
    setActive(from.isActive);
    clearConflict();
  };

  const save = async () => {
    const list = choices
      .split('\n')
      .map((c) => c.trim())
      .filter(Boolean);
    if (!label.trim()) return setError('Give the field a label.');
    if (fieldType === 'Choice' && !list.length) return setError('A choice field needs its choices, one a line.');
    const draft: FieldDraft = { label: label.trim(), fieldType, isRequired, isActive, ...(fieldType === 'Choice' ? { choices: list } : {}) };
    await run(async () => {
        if (field) await updateField(field, draft);
        else await addField(table, draft);
      await refreshSettings();
      onClose();
    });
  };

  return (
    <Modal open title={field ? `Edit field ${field.label}` : 'Add a field'} onCancel={onClose} onOk={() => void save()} okText="Save" okButtonProps={{ loading: busy, disabled: !!conflict }} destroyOnHidden>
      <div className="tb-crm-editor">
        {conflict && (
          <ConflictAlert
            what="field"
            now={
              <>
                It is now “{conflict.label}” ({conflict.fieldType}{conflict.isActive ? '' : ', inactive'}), version {conflict.version}.
              </>
            }
            onEditTheirs={() => load(conflict)}
          />
        )}
        {error && <Alert type="error" showIcon title={error} />}
        <div className="tb-crm-field">
          <label htmlFor="crm-udf-table">Applies to</label>
          <Select
            id="crm-udf-table"
            aria-label="Applies to"
            disabled={!!field}
            value={table}
            onChange={(value: UdfTable) => setTable(value)}
            options={UDF_TABLES.map((t) => ({ value: t, label: TABLE_LABELS[t] }))}
          />
        </div>
        <div className="tb-crm-field">
          <label htmlFor="crm-udf-label">Label</label>
          <Input id="crm-udf-label" autoFocus value={label} maxLength={60} onChange={(event) => setLabel(event.target.value)} onPressEnter={() => void save()} />
        </div>
        <div className="tb-crm-field">
          <label htmlFor="crm-udf-type">Field type</label>
          <Select
            id="crm-udf-type"
            aria-label="Field type"
            value={fieldType}
            onChange={(value: FieldDraft['fieldType']) => setFieldType(value)}
            options={UDF_FIELD_TYPES.map((t) => ({ value: t, label: t }))}
          />
          {field && <span className="tb-crm-muted">A field with values keeps its type.</span>}
        </div>
        {fieldType === 'Choice' && (
          <div className="tb-crm-field">
            <label htmlFor="crm-udf-choices">Choices (one a line)</label>
            <Input.TextArea id="crm-udf-choices" value={choices} autoSize={{ minRows: 3, maxRows: 10 }} onChange={(event) => setChoices(event.target.value)} />
          </div>
        )}
        <div className="tb-crm-editor__dates">
          <div className="tb-crm-field">
            <label htmlFor="crm-udf-required">Required</label>
            <Switch id="crm-udf-required" checked={isRequired} onChange={setRequired} />
          </div>
          <div className="tb-crm-field">
            <label htmlFor="crm-udf-active">Active</label>
            <Switch id="crm-udf-active" checked={isActive} onChange={setActive} />
          </div>
        </div>
      </div>
    </Modal>
  );
}

/** The organization's user-defined fields on activities, contacts and opportunities: add, edit, remove. */
export default function UserDefinedFieldsPage(): ReactNode {
  const fields = useFieldDefinitions();
  const [editing, setEditing] = useState<UdfMeta | null | 'new'>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (field: UdfMeta) => {
    setError(null);
    try {
      await deleteField(field);
      await refreshSettings();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <section aria-label="User-defined fields">
      <div className="tb-crm-page__head">
        <h2 className="tb-crm-dm__title">User-defined fields</h2>
        <Button type="primary" onClick={() => setEditing('new')}>
          Add field
        </Button>
      </div>
      <p className="tb-crm-muted">Fields added here show on the activity, contact and opportunity editors and lists, checked by their type.</p>
      {fields.error && <Alert type="error" showIcon title="The fields could not be loaded" description={errorMessage(fields.error)} />}
      {error && <Alert type="error" showIcon closable={{ onClose: () => setError(null) }} title={error} />}
      <Table<UdfMeta>
        rowKey="id"
        size="small"
        loading={fields.isLoading}
        dataSource={fields.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: 'No user-defined fields yet: add the first.' }}
        columns={[
          { title: 'Label', dataIndex: 'label', render: (value: string, row) => <span className={row.isActive ? undefined : 'tb-crm-muted'}>{value}</span> },
          { title: 'Applies to', dataIndex: 'dynamicTable', width: 120, render: (value: UdfTable) => TABLE_LABELS[value] },
          { title: 'Type', dataIndex: 'fieldType', width: 90 },
          { title: 'Choices', dataIndex: 'choices', responsive: ['md'], render: (value: string[]) => value.join(', ') },
          {
            title: 'Status',
            key: 'status',
            width: 130,
            render: (_: unknown, row: UdfMeta) => (
              <>
                {row.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
                {row.isRequired && <Tag color="blue">Required</Tag>}
              </>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 150,
            render: (_: unknown, row: UdfMeta) => (
              <span className="tb-crm-dm__actions">
                <Button size="small" onClick={() => setEditing(row)} aria-label={`Edit ${row.label}`}>
                  Edit
                </Button>
                <Popconfirm
                  title={`Remove ${row.label}?`}
                  description="This removes the field and every value stored in it."
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => void remove(row)}
                >
                  <Button size="small" danger aria-label={`Remove ${row.label}`}>
                    Remove
                  </Button>
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
      {editing && <FieldDialog field={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
