import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Switch, PlusOutlined } from '@tradeboard/shared/ui';
import { Select } from '@tradeboard/shared/ui/data';
import { Input } from '@tradeboard/shared/ui/edit';
import {
  addNotificationUserInstance,
  addNotificationUserInstanceFilter,
  CAPPED_NOTIFICATION_TYPES,
  NOTIFICATION_COMPARISON_GROUP_BYS,
  NOTIFICATION_RESULT_LIMIT_WARNING,
  notificationMasterResultList,
  removeNotificationUserInstanceFilter,
  updateNotificationUserInstance,
  updateNotificationUserInstanceFilter,
  type NotificationParameters,
  type NotificationType,
  type NotificationUserInstance,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { useRead } from '../api/admin.ts';
import { NotificationFilterRow, type FilterDraft } from './NotificationFilterRow.tsx';

type NumberParameter = 'monthBasis' | 'dayBasis' | 'activityExcludeDayBasis' | 'percentDown' | 'percentile' | 'minimumOrders';

/** The knobs each type takes (the organization's settings give the defaults when left empty). */
const PARAMETERS: Partial<Record<NotificationType, Array<{ key: NumberParameter; label: string }>>> = {
  CustomerInactivity: [
    { key: 'monthBasis', label: 'Bought within (months)' },
    { key: 'dayBasis', label: 'No invoice within (days)' },
    { key: 'activityExcludeDayBasis', label: 'Leave out accounts with an activity within (days)' },
  ],
  ShipToInactivity: [
    { key: 'monthBasis', label: 'Bought within (months)' },
    { key: 'dayBasis', label: 'No invoice within (days)' },
  ],
  Comparison: [{ key: 'percentDown', label: 'Down more than (%)' }],
  ReorderRhythm: [
    { key: 'percentile', label: 'Gap percentile' },
    { key: 'minimumOrders', label: 'Order days needed in the last year' },
  ],
};

let draftKeys = 0;
const draftOf = (filter?: NotificationUserInstance['filters'][number]): FilterDraft => ({
  key: `f${(draftKeys += 1)}`,
  ...(filter
    ? { notificationUserInstanceFilterId: filter.notificationUserInstanceFilterId, notificationColumnMasterId: filter.notificationColumnMasterId, notificationOperatorId: filter.notificationOperatorId }
    : {}),
  filterValues: filter?.filterValues ?? [],
});
const complete = (draft: FilterDraft) => draft.notificationColumnMasterId !== undefined && draft.notificationOperatorId !== undefined && draft.filterValues.length > 0;
const filterInput = (draft: FilterDraft) => ({ notificationColumnMasterId: draft.notificationColumnMasterId!, notificationOperatorId: draft.notificationOperatorId!, filterValues: draft.filterValues });

/** Saves the form's filters of an existing notification: removed ones go, changed ones change, new ones are added. */
async function saveFilters(instance: NotificationUserInstance, drafts: FilterDraft[]): Promise<void> {
  const kept = new Set(drafts.map((d) => d.notificationUserInstanceFilterId));
  for (const filter of instance.filters) {
    if (!kept.has(filter.notificationUserInstanceFilterId)) await api.call(removeNotificationUserInstanceFilter, { params: { id: filter.notificationUserInstanceFilterId } });
  }
  for (const draft of drafts) {
    const before = instance.filters.find((f) => f.notificationUserInstanceFilterId === draft.notificationUserInstanceFilterId);
    if (!before) await api.call(addNotificationUserInstanceFilter, { body: { notificationUserInstanceId: instance.notificationUserInstanceId, ...filterInput(draft) } });
    else if (JSON.stringify(filterInput(draft)) !== JSON.stringify(filterInput(draftOf(before)))) {
      await api.call(updateNotificationUserInstanceFilter, { body: { notificationUserInstanceFilterId: before.notificationUserInstanceFilterId, ...filterInput(draft) } });
    }
  }
}

/** Add Notification / Edit Notification: type, name, the type's knobs, e-mail, active, filters. */
export function NotificationDialog({ editing, onClose, onSaved }: {
  /** The notification to change; undefined: a new one. */
  editing: NotificationUserInstance | undefined;
  onClose: () => void;
  onSaved: (added: boolean) => void;
}): ReactNode {
  const types = useRead(notificationMasterResultList);
  const [masterId, setMasterId] = useState<number | undefined>(editing?.notificationMasterId);
  const [name, setName] = useState(editing?.notificationName ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [parameters, setParameters] = useState<NotificationParameters>(editing?.parameters ?? {});
  const [sendEmail, setSendEmail] = useState(editing?.sendEmail ?? true);
  const [isActive, setActive] = useState(editing?.isActive ?? true);
  const [filters, setFilters] = useState<FilterDraft[]>(() => (editing?.filters ?? []).map(draftOf));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const type = types.data?.find((t) => t.notificationMasterId === masterId);
  const notificationType = type?.notificationType as NotificationType | undefined;
  const valid = masterId !== undefined && name.trim() !== '' && filters.every(complete);

  const submit = async () => {
    if (!valid || masterId === undefined) return;
    setSaving(true);
    setProblem(null);
    const fields = { notificationName: name.trim(), description: description.trim(), parameters, sendEmail, isActive };
    try {
      if (editing) {
        await api.call(updateNotificationUserInstance, { body: { notificationUserInstanceId: editing.notificationUserInstanceId, ...fields } });
        await saveFilters(editing, filters);
      } else {
        await api.call(addNotificationUserInstance, { body: { notificationMasterId: masterId, ...fields, filters: filters.map(filterInput) } });
      }
      onSaved(!editing);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const setNumber = (key: NumberParameter, text: string) => {
    const next = { ...parameters };
    if (text === '') delete next[key];
    else next[key] = Number(text);
    setParameters(next);
  };

  return (
    <Modal
      open
      title={editing ? 'Edit Notification' : 'Add Notification'}
      okText={editing ? 'Save' : 'Add'}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !valid, loading: saving }}
      onCancel={onClose}
      width={720}
    >
      <form className="tb-admin-form tb-admin-form--wide" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        {types.error ? <Alert type="error" showIcon message={errorMessage(types.error)} /> : null}
        <label className="tb-admin-field">
          <span>Notification type</span>
          <Select
            aria-label="Notification type"
            value={masterId}
            disabled={editing !== undefined}
            loading={types.isLoading}
            placeholder="Choose a type"
            onChange={(id: number) => {
              setMasterId(id);
              setParameters({});
              setFilters([]);
            }}
            options={(types.data ?? []).map((t) => ({ value: t.notificationMasterId, label: t.notificationName }))}
          />
        </label>
        {type ? <p className="tb-admin-muted">{type.description}</p> : null}
        {notificationType && CAPPED_NOTIFICATION_TYPES.includes(notificationType) ? <Alert type="warning" showIcon message={NOTIFICATION_RESULT_LIMIT_WARNING} /> : null}
        <label className="tb-admin-field">
          <span>Name</span>
          <Input value={name} maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="tb-admin-field">
          <span>Description (optional)</span>
          <Input value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </label>
        {(notificationType ? (PARAMETERS[notificationType] ?? []) : []).map((p) => (
          <label key={p.key} className="tb-admin-field">
            <span>{p.label}</span>
            <Input type="number" min={0} value={parameters[p.key] ?? ''} placeholder="Organization default" onChange={(e) => setNumber(p.key, e.target.value)} />
          </label>
        ))}
        {notificationType === 'Comparison' ? (
          <label className="tb-admin-field">
            <span>Group by</span>
            <Select
              aria-label="Group by"
              value={parameters.groupBy ?? 'Customer'}
              onChange={(groupBy: NotificationParameters['groupBy']) => setParameters({ ...parameters, groupBy })}
              options={NOTIFICATION_COMPARISON_GROUP_BYS.map((g) => ({ value: g, label: g }))}
            />
          </label>
        ) : null}
        <label className="tb-admin-switch">
          <Switch checked={sendEmail} onChange={setSendEmail} /> <span>Send an e-mail too</span>
        </label>
        <label className="tb-admin-switch">
          <Switch checked={isActive} onChange={setActive} /> <span>Active</span>
        </label>
        <h3 className="tb-admin-group">Filters</h3>
        {filters.length === 0 ? <p className="tb-admin-muted">No filters: everything in your data scope.</p> : null}
        {filters.map((draft, index) => (
          <NotificationFilterRow
            key={draft.key}
            index={index}
            draft={draft}
            columns={type?.columns ?? []}
            onChange={(next) => setFilters(filters.map((f) => (f.key === draft.key ? next : f)))}
            onRemove={() => setFilters(filters.filter((f) => f.key !== draft.key))}
          />
        ))}
        <div>
          <Button icon={<PlusOutlined aria-hidden />} disabled={!type} onClick={() => setFilters([...filters, draftOf()])}>
            Add filter
          </Button>
        </div>
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
