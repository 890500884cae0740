import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Popconfirm, Result, Switch, Tag } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/edit';
import { Table } from '@tradeboard/shared/ui/data';
import { DATA_MANAGER_CALLS } from '@tradeboard/shared/contracts';
import { errorMessage, followInApp, navigate, useTradeboardStore } from '@tradeboard/shared/web';
import { addDataItem, canDelete, deleteDataItem, refreshSettings, updateDataItem, useDataItems, type DataItem, type DataItemDraft, type DataManagerType } from '../api/settings.ts';
import { isCrmAdmin } from './crmAdmin.ts';
import { ConflictAlert } from '../editor/ConflictAlert.tsx';
import { useConflictSave } from '../editor/useConflictSave.ts';

const UserDefinedFieldsPage = lazy(() => import('./UserDefinedFieldsPage.tsx'));

/** The lists' names as the page shows them (the address keeps the catalogue's spelling). */
const LABELS: Readonly<Record<DataManagerType, string>> = {
  ActivityType: 'Activity types',
  Type: 'Opportunity types',
  Status: 'Opportunity statuses',
  LostSales: 'Lost sale reasons',
  Stage: 'Stages',
  Step: 'Steps',
  Territory: 'Territories',
  LeadSource: 'Lead sources',
  User: 'Users',
  SalesRep: 'Sales reps',
  Holiday: 'Holidays',
  Branch: 'Branches',
  OpportunityAdditionalCustomerRole: 'Additional customer roles',
};
/** The page of user-defined fields, beside the lists. */
export const FIELDS_PAGE = 'UserDefinedFields';
const PAGES = [...DATA_MANAGER_CALLS.map((calls) => ({ key: calls.type as string, label: LABELS[calls.type] })), { key: FIELDS_PAGE, label: 'User-defined fields' }];
const hrefOf = (key: string) => `/settings/dataManager/${key}`;

/** One item's form: add (no item) or edit from the version shown; a stale edit shows theirs. */
function ItemDialog({ type, item: given, onClose }: { type: DataManagerType; item: DataItem | null; onClose: () => void }): ReactNode {
  const [item, setItem] = useState(given);
  const [name, setName] = useState(given?.name ?? '');
  const [description, setDescription] = useState(given?.description ?? '');
  const [order, setOrder] = useState(given ? String(given.displayOrder) : '');
  const [probability, setProbability] = useState(given?.probability === null || given?.probability === undefined ? '' : String(given.probability));
  const [itemDate, setItemDate] = useState(given?.itemDate ?? '');
  const [closesAs, setClosesAs] = useState<'Won' | 'Lost' | ''>(given?.closesAs ?? '');
  const [isActive, setActive] = useState(given?.isActive ?? true);
  const { busy, error, setError, conflict, clearConflict, run } = useConflictSave<DataItem>();

  const load = (from: DataItem) => {
    setItem(from);
    setName(from.name);
    setDescription(from.description ?? '');
    setOrder(String(from.displayOrder));
    setProbability(from.probability === null ? '' : String(from.probability));
    setItemDate(from.itemDate ?? '');
    setClosesAs(from.closesAs ?? '');
    setActive(from.isActive);
    clearConflict();
  };

  const save = async () => {
    if (!name.trim()) return setError('Give the item a name.');
    if (type === 'Holiday' && !itemDate) return setError('Give the holiday its date.');
    const draft: DataItemDraft = {
      name: name.trim(),
      description: description.trim() || null,
      isActive,
      ...(order.trim() ? { displayOrder: Number(order) } : {}),
      ...(type === 'Stage' ? { probability: probability.trim() ? Number(probability) : null, closesAs: closesAs || null } : {}),
      ...(type === 'Holiday' ? { itemDate } : {}),
    };
    await run(async () => {
        if (item) await updateDataItem(item, draft);
        else await addDataItem(type, draft);
      await refreshSettings();
      onClose();
    });
  };

  return (
    <Modal
      open
      title={item ? `Edit ${item.name}` : `Add to ${LABELS[type]}`}
      onCancel={onClose}
      onOk={() => void save()}
      okText="Save"
      okButtonProps={{ loading: busy, disabled: !!conflict }}
      destroyOnHidden
    >
      <form
        className="tb-crm-editor"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {conflict && (
          <ConflictAlert
            what="item"
            now={
              <>
                It now reads “{conflict.name}”{conflict.isActive ? '' : ' (inactive)'}, version {conflict.version}.
              </>
            }
            onEditTheirs={() => load(conflict)}
          />
        )}
        {error && <Alert type="error" showIcon title={error} />}
        <div className="tb-crm-field">
          <label htmlFor="crm-dm-name">Name</label>
          <Input id="crm-dm-name" autoFocus value={name} maxLength={100} onChange={(event) => setName(event.target.value)} onPressEnter={() => void save()} />
        </div>
        <div className="tb-crm-field">
          <label htmlFor="crm-dm-description">Description</label>
          <Input id="crm-dm-description" value={description} maxLength={500} onChange={(event) => setDescription(event.target.value)} />
        </div>
        {type === 'Stage' && (
          <div className="tb-crm-editor__dates">
            <div className="tb-crm-field">
              <label htmlFor="crm-dm-probability">Probability (%)</label>
              <Input id="crm-dm-probability" type="number" min={0} max={100} value={probability} onChange={(event) => setProbability(event.target.value)} />
            </div>
            <div className="tb-crm-field">
              <label htmlFor="crm-dm-closes">Closes as</label>
              <Select
                id="crm-dm-closes"
                aria-label="Closes as"
                value={closesAs}
                onChange={(value: 'Won' | 'Lost' | '') => setClosesAs(value)}
                options={[
                  { value: '', label: 'Open (does not close)' },
                  { value: 'Won', label: 'Won' },
                  { value: 'Lost', label: 'Lost' },
                ]}
              />
            </div>
          </div>
        )}
        {type === 'Holiday' && (
          <div className="tb-crm-field">
            <label htmlFor="crm-dm-date">Date</label>
            <Input id="crm-dm-date" type="date" value={itemDate} onChange={(event) => setItemDate(event.target.value)} />
          </div>
        )}
        <div className="tb-crm-editor__dates">
          <div className="tb-crm-field">
            <label htmlFor="crm-dm-order">Order</label>
            <Input id="crm-dm-order" type="number" min={0} placeholder="Last" value={order} onChange={(event) => setOrder(event.target.value)} />
          </div>
          <div className="tb-crm-field">
            <label htmlFor="crm-dm-active">Active</label>
            <Switch id="crm-dm-active" checked={isActive} onChange={setActive} />
          </div>
        </div>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

/** One list: its items (inactive ones too), add, edit, delete (an item in use: deactivate instead). */
function ItemList({ type }: { type: DataManagerType }): ReactNode {
  const items = useDataItems(type);
  const [editing, setEditing] = useState<DataItem | null | 'new'>(null);
  const [inUse, setInUse] = useState<{ item: DataItem; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (item: DataItem) => {
    setError(null);
    setInUse(null);
    try {
      await deleteDataItem(item);
      await refreshSettings();
    } catch (caught) {
      if ((caught as { status?: number }).status === 400) setInUse({ item, message: errorMessage(caught) });
      else setError(errorMessage(caught));
    }
  };
  const deactivate = async (item: DataItem) => {
    try {
      await updateDataItem(item, { name: item.name, description: item.description, displayOrder: item.displayOrder, probability: item.probability, itemDate: item.itemDate, closesAs: item.closesAs, isActive: false });
      setInUse(null);
      await refreshSettings();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <section aria-label={LABELS[type]}>
      <div className="tb-crm-page__head">
        <h2 className="tb-crm-dm__title">{LABELS[type]}</h2>
        <Button type="primary" onClick={() => setEditing('new')}>
          Add
        </Button>
      </div>
      {items.error && <Alert type="error" showIcon title={`${LABELS[type]} could not be loaded`} description={errorMessage(items.error)} />}
      {error && <Alert type="error" showIcon closable={{ onClose: () => setError(null) }} title={error} />}
      {inUse && (
        <Alert
          type="warning"
          showIcon
          title={inUse.message}
          description="Records still use it, so it stays. Deactivated, it is no longer offered for new records."
          action={
            <Button size="small" onClick={() => void deactivate(inUse.item)}>
              Deactivate instead
            </Button>
          }
          closable={{ onClose: () => setInUse(null) }}
        />
      )}
      <Table<DataItem>
        rowKey="id"
        size="small"
        loading={items.isLoading}
        dataSource={items.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: `No ${LABELS[type].toLowerCase()} yet: add the first.` }}
        columns={[
          { title: 'Name', dataIndex: 'name', render: (value: string, row) => <span className={row.isActive ? undefined : 'tb-crm-muted'}>{value}</span> },
          { title: 'Description', dataIndex: 'description', responsive: ['md'] },
          ...(type === 'Stage'
            ? [
                { title: 'Probability', dataIndex: 'probability', width: 100, render: (value: number | null) => (value === null ? '' : `${value}%`) },
                { title: 'Closes as', dataIndex: 'closesAs', width: 100 },
              ]
            : []),
          ...(type === 'Holiday' ? [{ title: 'Date', dataIndex: 'itemDate', width: 120 }] : []),
          { title: 'Order', dataIndex: 'displayOrder', width: 70, responsive: ['sm'] },
          { title: 'Status', dataIndex: 'isActive', width: 90, render: (value: boolean) => (value ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>) },
          {
            title: 'Actions',
            key: 'actions',
            width: 150,
            render: (_: unknown, row: DataItem) => (
              <span className="tb-crm-dm__actions">
                <Button size="small" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>
                  Edit
                </Button>
                {canDelete(type) && (
                  <Popconfirm title={`Delete ${row.name}?`} description="This cannot be undone." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void remove(row)}>
                    <Button size="small" danger aria-label={`Delete ${row.name}`}>
                      Delete
                    </Button>
                  </Popconfirm>
                )}
              </span>
            ),
          },
        ]}
      />
      {editing && <ItemDialog type={type} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** /settings/dataManager/{dataType}: the CRM's reference lists and user-defined fields, for administrators. */
export default function DataManagerPage({ dataType }: { dataType: string }): ReactNode {
  const admin = useTradeboardStore((state) => isCrmAdmin(state.user));
  const page = PAGES.find((p) => p.key.toLowerCase() === dataType.toLowerCase());
  let content: ReactNode;
  if (!admin) content = <Result status="403" title="Not available" subTitle="Only administrators maintain the CRM's reference data." />;
  else if (!page) content = <Result status="404" title="Page Not Found" subTitle={`There is no list '${dataType}'.`} />;
  else if (page.key === FIELDS_PAGE) content = <UserDefinedFieldsPage />;
  else content = <ItemList key={page.key} type={page.key as DataManagerType} />;
  return (
    <div className="tb-crm-page tb-crm-dm">
      <div className="tb-crm-page__head">
        <h1 className="tb-crm-page__title">CRM data</h1>
        <a href="/settings" onClick={followInApp('/settings')}>
          All settings
        </a>
      </div>
      {admin && (
        <div className="tb-crm-dm__layout">
          <nav className="tb-crm-dm__nav" aria-label="CRM data lists">
            {PAGES.map((p) => (
              <a key={p.key} href={hrefOf(p.key)} onClick={followInApp(hrefOf(p.key))} aria-current={p === page ? 'page' : undefined}>
                {p.label}
              </a>
            ))}
          </nav>
          <div className="tb-crm-dm__pick tb-crm-field">
            <label htmlFor="crm-dm-list">List</label>
            <Select id="crm-dm-list" aria-label="List" value={page?.key} onChange={(key: string) => navigate(hrefOf(key))} options={PAGES.map((p) => ({ value: p.key, label: p.label }))} />
          </div>
          <div className="tb-crm-dm__content">
            <Suspense fallback={null}>{content}</Suspense>
          </div>
        </div>
      )}
      {!admin && content}
    </div>
  );
}
