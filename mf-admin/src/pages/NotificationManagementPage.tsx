import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Button, Dropdown, Tag, MoreOutlined, PlusOutlined, useFeedback } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import {
  copyNotificationUserInstance,
  NOTIFICATION_ADDED,
  NOTIFICATION_UPDATED,
  notificationOptOutAdd,
  notificationOptOutRemove,
  notificationUserInstanceList,
  removeNotificationUserInstance,
  sharedCreatorOptOutAdd,
  sharedCreatorOptOutList,
  sharedCreatorOptOutRemove,
  type NotificationUserInstance,
} from '@tradeboard/shared/contracts';
import { api, errorMessage, navigate } from '@tradeboard/shared/web';
import { refresh, useRead } from '../api/admin.ts';
import { NotificationDialog } from './NotificationDialog.tsx';
import { NotificationShareDialog } from './NotificationShareDialog.tsx';
import { StatusDialog, useStatus } from './StatusDialog.tsx';

const filterSummary = (instance: NotificationUserInstance) =>
  instance.filters.map((f) => `${f.columnName} ${f.operatorName.toLowerCase()} ${f.filterValues.join(', ')}`).join('; ') || 'None';

/** The menu of one notification: its owner edits, shares and removes it; anyone copies; a recipient opts out. */
function actionsOf(instance: NotificationUserInstance) {
  const creator = instance.createdByName;
  return [
    ...(instance.isOwner ? [{ key: 'edit', label: 'Edit…' }, { key: 'share', label: 'Share…' }] : []),
    { key: 'copy', label: 'Copy' },
    ...(instance.isOwner ? [] : instance.isOptedOut ? [{ key: 'optIn', label: 'Receive again' }] : [{ key: 'optOut', label: 'Opt out' }]),
    ...(instance.isOwner ? [] : [{ key: 'optOutCreator', label: `Opt out of everything ${creator} shares` }]),
    ...(instance.isOwner ? [{ key: 'remove', label: 'Remove…', danger: true }] : []),
  ];
}

/** /notifications/management: your notifications and those shared with you; add, edit, copy, share, remove, opt out. */
export default function NotificationManagementPage(): ReactNode {
  const { message, modal } = useFeedback();
  const instances = useRead(notificationUserInstanceList);
  const creatorOptOuts = useRead(sharedCreatorOptOutList);
  const [editing, setEditing] = useState<{ instance?: NotificationUserInstance } | null>(null);
  const [sharing, setSharing] = useState<NotificationUserInstance | null>(null);
  const [status, setStatus] = useStatus();
  const closeStatus = useCallback(() => setStatus(null), [setStatus]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await refresh(notificationUserInstanceList, sharedCreatorOptOutList);
      message.success(done);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const choose = (instance: NotificationUserInstance, key: string) => {
    const share = { masterIdXOptOut: instance.masterIdXOptOut!, sharedByType: instance.sharedByType! };
    const name = instance.notificationName;
    if (key === 'edit') setEditing({ instance });
    else if (key === 'share') setSharing(instance);
    else if (key === 'copy') void act(() => api.call(copyNotificationUserInstance, { params: { id: instance.notificationUserInstanceId } }), `${name} is copied.`);
    else if (key === 'optOut') void act(() => api.call(notificationOptOutAdd, { body: share }), `You no longer receive ${name}.`);
    else if (key === 'optIn') void act(() => api.call(notificationOptOutRemove, { body: share }), `You receive ${name} again.`);
    else if (key === 'optOutCreator') {
      void act(() => api.call(sharedCreatorOptOutAdd, { body: { creatorUserMasterId: instance.createdBy } }), `You no longer receive what ${instance.createdByName} shares.`);
    } else if (key === 'remove') {
      modal.confirm({
        title: 'Are you sure?',
        content: `${name} is removed with its filters and shares. Delivered notifications stay in the inboxes.`,
        okText: 'Remove',
        okButtonProps: { danger: true },
        onOk: () => act(() => api.call(removeNotificationUserInstance, { params: { id: instance.notificationUserInstanceId } }), `${name} is removed.`),
      });
    }
  };

  return (
    <div className="tb-admin-page">
      <h1 className="tb-admin-title">Manage notifications</h1>
      <section className="tb-admin-panel" aria-labelledby="alerts-title">
        <div className="tb-admin-toolbar">
          <h2 id="alerts-title">Your notifications</h2>
          <span className="tb-admin-actions">
            <Button onClick={() => navigate('/notifications')}>Inbox</Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
              Add Notification
            </Button>
          </span>
        </div>
        {instances.error ? <Alert type="error" showIcon message={errorMessage(instances.error)} /> : null}
        <Table
          size="middle"
          rowKey="notificationUserInstanceId"
          loading={instances.isLoading}
          pagination={false}
          scroll={{ x: 760 }}
          dataSource={instances.data ?? []}
          locale={{ emptyText: 'No notifications yet: add one to hear when customers stop buying or lines run past due.' }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'notificationName',
              render: (name: string, instance) => (
                <span className="tb-admin-notification">
                  <strong>{name}</strong>
                  {instance.description ? <span className="tb-admin-muted">{instance.description}</span> : null}
                </span>
              ),
            },
            { title: 'Type', dataIndex: 'notificationTypeName' },
            { title: 'Filters', key: 'filters', render: (_: unknown, instance) => <span className="tb-admin-muted">{filterSummary(instance)}</span> },
            {
              title: 'From',
              key: 'from',
              render: (_: unknown, instance) => (instance.isOwner ? 'You' : `${instance.createdByName} (${instance.sharedByType === 'Role' ? 'your role' : 'you'})`),
            },
            {
              title: 'Status',
              key: 'status',
              render: (_: unknown, instance) =>
                instance.isOptedOut ? <Tag>Opted out</Tag> : instance.isActive ? <Tag color="green">Active</Tag> : <Tag>Paused</Tag>,
            },
            {
              title: <span className="tb-visually-hidden">Actions</span>,
              key: 'actions',
              width: 56,
              render: (_: unknown, instance) => (
                <Dropdown trigger={['click']} menu={{ items: actionsOf(instance), onClick: ({ key }) => choose(instance, key) }}>
                  <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={`Actions for ${instance.notificationName}`} />
                </Dropdown>
              ),
            },
          ]}
        />
      </section>
      {creatorOptOuts.data?.length ? (
        <section className="tb-admin-panel" aria-labelledby="creators-title">
          <h2 id="creators-title">Creators you opted out of</h2>
          <Table
            size="small"
            rowKey="notificationSharedCreatorOptOutId"
            pagination={false}
            dataSource={creatorOptOuts.data}
            columns={[
              { title: 'Creator', dataIndex: 'creatorName' },
              {
                title: <span className="tb-visually-hidden">Actions</span>,
                key: 'actions',
                width: 160,
                render: (_: unknown, row) => (
                  <Button size="small" onClick={() => void act(() => api.call(sharedCreatorOptOutRemove, { params: { id: row.notificationSharedCreatorOptOutId } }), `You receive what ${row.creatorName} shares again.`)}>
                    Receive again
                  </Button>
                ),
              },
            ]}
          />
        </section>
      ) : null}
      {editing ? (
        <NotificationDialog
          editing={editing.instance}
          onClose={() => setEditing(null)}
          onSaved={(added) => {
            setEditing(null);
            void refresh(notificationUserInstanceList);
            setStatus({ type: 'success', title: 'Success!', message: added ? NOTIFICATION_ADDED : NOTIFICATION_UPDATED });
          }}
        />
      ) : null}
      {sharing ? <NotificationShareDialog instance={sharing} onClose={() => setSharing(null)} /> : null}
      <StatusDialog status={status} onClose={closeStatus} />
    </div>
  );
}
