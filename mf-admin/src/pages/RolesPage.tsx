import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Tag, CopyOutlined, DeleteOutlined, PlusOutlined, useFeedback } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import { Input } from '@tradeboard/shared/ui/edit';
import { roleAdd, roleCopy, roleList, roleRemove } from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { refresh, useRead, usePermissions } from '../api/admin.ts';

/** /settings/roles: built-in and the organization's roles with their user counts; add, copy, remove. */
export default function RolesPage(): ReactNode {
  const { message, modal } = useFeedback();
  const canWrite = usePermissions().has('roles.write');
  const roles = useRead(roleList);
  const [naming, setNaming] = useState<{ copyOf?: { roleMasterId: number; roleName: string } } | null>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!naming) return;
    setSaving(true);
    try {
      const role = naming.copyOf
        ? await api.call(roleCopy, { params: { roleId: naming.copyOf.roleMasterId }, body: name.trim() ? { roleName: name.trim() } : {} })
        : await api.call(roleAdd, { body: { roleName: name.trim() } });
      await refresh(roleList);
      setNaming(null);
      setName('');
      message.success(`${role.roleName} is added.`);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="tb-admin-panel" aria-labelledby="roles-title">
      <div className="tb-admin-toolbar">
        <h2 id="roles-title">Roles</h2>
        {canWrite ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setNaming({})}>
            New role
          </Button>
        ) : null}
      </div>
      <p className="tb-admin-muted">Built-in roles are shared by every organization: copy one to change its settings for your own role.</p>
      {roles.error ? <Alert type="error" showIcon message={errorMessage(roles.error)} /> : null}
      <Table
        size="middle"
        rowKey="roleMasterId"
        loading={roles.isLoading}
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={roles.data ?? []}
        columns={[
          {
            title: 'Role',
            dataIndex: 'roleName',
            render: (roleName: string, role) => (
              <span>
                {roleName} {role.isBuiltIn ? <Tag>Built-in</Tag> : null} {role.isAdmin ? <Tag color="blue">Admin</Tag> : null}
              </span>
            ),
          },
          { title: 'Users', dataIndex: 'userCount', align: 'right', render: (n: number) => <span className="tb-admin-value" data-testid="user-count">{n}</span> },
          { title: 'Description', dataIndex: 'description', render: (d: string) => d || '—' },
          {
            title: <span className="tb-visually-hidden">Actions</span>,
            key: 'actions',
            render: (_: unknown, role) =>
              canWrite ? (
                <span style={{ display: 'inline-flex', gap: 4 }}>
                  <Button size="small" icon={<CopyOutlined aria-hidden />} aria-label={`Copy ${role.roleName}`} onClick={() => { setName(''); setNaming({ copyOf: role }); }}>
                    Copy
                  </Button>
                  {role.isBuiltIn ? null : (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`Remove ${role.roleName}`}
                      onClick={() =>
                        modal.confirm({
                          title: 'Are you sure?',
                          content: `${role.roleName} and its settings are removed.`,
                          okText: 'Remove',
                          okButtonProps: { danger: true },
                          onOk: async () => {
                            try {
                              await api.call(roleRemove, { body: { roleId: role.roleMasterId } });
                              await refresh(roleList);
                            } catch (error) {
                              message.error(errorMessage(error));
                            }
                          },
                        })
                      }
                    />
                  )}
                </span>
              ) : null,
          },
        ]}
      />
      <Modal
        open={naming !== null}
        title={naming?.copyOf ? `Copy ${naming.copyOf.roleName}` : 'New role'}
        okText={naming?.copyOf ? 'Copy role' : 'Add role'}
        okButtonProps={{ disabled: !naming?.copyOf && !name.trim(), loading: saving }}
        onOk={() => void save()}
        onCancel={() => setNaming(null)}
        destroyOnHidden
      >
        <label className="tb-admin-field">
          <span>Role name{naming?.copyOf ? ` (empty: “Copy of ${naming.copyOf.roleName}”)` : ''}</span>
          <Input value={name} maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} onPressEnter={() => void save()} />
        </label>
      </Modal>
    </section>
  );
}
