import { type ReactNode } from 'react';
import { Alert, Modal, Switch, useFeedback } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import {
  notificationRoleShareAdd,
  notificationRoleShareList,
  notificationRoleShareRemove,
  notificationUserInstanceList,
  notificationUserShareAdd,
  notificationUserShareList,
  notificationUserShareRemove,
  type NotificationUserInstance,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { refresh, useRead } from '../api/admin.ts';

/** Share a notification of yours with users and roles: one switch each. */
export function NotificationShareDialog({ instance, onClose }: { instance: NotificationUserInstance; onClose: () => void }): ReactNode {
  const { message } = useFeedback();
  const params = { notificationUserInstanceId: instance.notificationUserInstanceId };
  const users = useRead(notificationUserShareList, { params });
  const roles = useRead(notificationRoleShareList, { params });

  const change = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await refresh(notificationUserShareList, notificationRoleShareList, notificationUserInstanceList);
      message.success(done);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Modal open title={`Share ${instance.notificationName}`} footer={null} onCancel={onClose} width={640}>
      {users.error || roles.error ? <Alert type="error" showIcon message={errorMessage(users.error ?? roles.error)} /> : null}
      <h3 className="tb-admin-group">Roles</h3>
      <Table
        size="small"
        rowKey="roleMasterId"
        loading={roles.isLoading}
        pagination={false}
        dataSource={roles.data ?? []}
        locale={{ emptyText: 'No roles' }}
        columns={[
          { title: 'Role', dataIndex: 'roleName' },
          {
            title: 'Shared',
            key: 'shared',
            width: 90,
            render: (_: unknown, role) => (
              <Switch
                aria-label={`Share with role ${role.roleName}`}
                checked={role.notificationUserInstanceXRoleMasterId !== null}
                onChange={(on) =>
                  void change(
                    () =>
                      on
                        ? api.call(notificationRoleShareAdd, { body: { ...params, roleMasterId: role.roleMasterId } })
                        : api.call(notificationRoleShareRemove, { params: { notificationUserInstanceXRoleMasterId: role.notificationUserInstanceXRoleMasterId! } }),
                    on ? `Shared with ${role.roleName}.` : `No longer shared with ${role.roleName}.`,
                  )
                }
              />
            ),
          },
        ]}
      />
      <h3 className="tb-admin-group">Users</h3>
      <Table
        size="small"
        rowKey="userMasterId"
        loading={users.isLoading}
        pagination={(users.data?.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 420 }}
        dataSource={users.data ?? []}
        locale={{ emptyText: 'No other users' }}
        columns={[
          { title: 'Name', dataIndex: 'fullName' },
          { title: 'E-mail', dataIndex: 'email', render: (email: string) => <span className="tb-admin-value">{email}</span> },
          {
            title: 'Shared',
            key: 'shared',
            width: 90,
            render: (_: unknown, user) => (
              <Switch
                aria-label={`Share with ${user.fullName}`}
                checked={user.notificationUserInstanceXUserMasterId !== null}
                onChange={(on) =>
                  void change(
                    () =>
                      on
                        ? api.call(notificationUserShareAdd, { body: { ...params, userMasterId: user.userMasterId } })
                        : api.call(notificationUserShareRemove, { params: { notificationUserInstanceXUserMasterId: user.notificationUserInstanceXUserMasterId! } }),
                    on ? `Shared with ${user.fullName}.` : `No longer shared with ${user.fullName}.`,
                  )
                }
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
