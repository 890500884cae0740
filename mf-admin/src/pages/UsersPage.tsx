import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Button, Dropdown, Modal, Tag, MoreOutlined, PlusOutlined, useFeedback } from '@tradeboard/shared/ui';
import { Select, Table } from '@tradeboard/shared/ui/data';
import { Input } from '@tradeboard/shared/ui/edit';
import { roleList, userAdd, userDelete, userList, userSendAccessEmail, userUpdateRole } from '@tradeboard/shared/contracts';
import { api, errorMessage, navigate, useTradeboardStore } from '@tradeboard/shared/web';
import { refresh, useRead, usePermissions } from '../api/admin.ts';
import { StatusDialog, useStatus } from './StatusDialog.tsx';

const PAGE_SIZE = 15;

function NewUserDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (ok: boolean, problem?: string) => void }): ReactNode {
  const roles = useRead(roleList, undefined, open);
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [roleMasterId, setRole] = useState<number | undefined>(undefined);
  const [salesRep, setSalesRep] = useState('');
  const [saving, setSaving] = useState(false);
  const valid = fullName.trim() !== '' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) && roleMasterId !== undefined;
  const reset = () => {
    setFullName('');
    setEmail('');
    setRole(undefined);
    setSalesRep('');
  };
  const submit = async () => {
    if (!valid || roleMasterId === undefined) return;
    setSaving(true);
    try {
      await api.call(userAdd, { body: { fullName: fullName.trim(), email: email.trim(), roleMasterId, salesRep: salesRep.trim() || null } });
      reset();
      onDone(true);
    } catch (error) {
      onDone(false, errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="New User"
      okText="Add user"
      onOk={() => void submit()}
      okButtonProps={{ disabled: !valid, loading: saving }}
      onCancel={onClose}
      destroyOnHidden
    >
      <form className="tb-admin-form" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <label className="tb-admin-field">
          <span>Full name</span>
          <Input value={fullName} maxLength={100} autoFocus onChange={(e) => setFullName(e.target.value)} />
        </label>
        <label className="tb-admin-field">
          <span>E-mail</span>
          <Input type="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="tb-admin-field">
          <span>Role</span>
          <Select
            aria-label="Role"
            value={roleMasterId}
            loading={roles.isLoading}
            placeholder="Choose a role"
            onChange={(value: number) => setRole(value)}
            options={(roles.data ?? []).map((r) => ({ value: r.roleMasterId, label: r.roleName }))}
          />
        </label>
        <label className="tb-admin-field">
          <span>Sales rep (optional)</span>
          <Input value={salesRep} maxLength={20} onChange={(e) => setSalesRep(e.target.value)} />
        </label>
        <p className="tb-admin-muted">The user gets an e-mail with a link to choose a password, then signs in.</p>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

/** /settings/users: the organization's users, a new user, roles, access e-mails, view as. */
export default function UsersPage(): ReactNode {
  const { message, modal } = useFeedback();
  const permissions = usePermissions();
  const me = useTradeboardStore((state) => state.user);
  const canWrite = permissions.has('users.write');
  const [search, setSearch] = useState('');
  const [pageNumber, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useStatus();
  const users = useRead(userList, { body: { searchString: search || undefined, pageSize: PAGE_SIZE, pageNumber, sortBy: 'fullName' } });
  const roles = useRead(roleList, undefined, canWrite);
  const closeStatus = useCallback(() => setStatus(null), [setStatus]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await refresh(userList, roleList);
      message.success(done);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <section className="tb-admin-panel" aria-labelledby="users-title">
      <div className="tb-admin-toolbar">
        <h2 id="users-title">Users</h2>
        <Input.Search
          className="tb-admin-toolbar__search"
          placeholder="Search name, e-mail or sales rep"
          aria-label="Search users"
          allowClear
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        {canWrite ? (
          <>
            <Button onClick={() => navigate('/settings/users/upload')}>Import users</Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
              New User
            </Button>
          </>
        ) : null}
      </div>
      {users.error ? <Alert type="error" showIcon message={errorMessage(users.error)} /> : null}
      <Table
        size="middle"
        rowKey="userMasterId"
        loading={users.isLoading}
        scroll={{ x: 720 }}
        dataSource={users.data?.rows ?? []}
        locale={{ emptyText: search ? 'No user matches the search' : 'No users yet' }}
        pagination={{ current: pageNumber, pageSize: PAGE_SIZE, total: users.data?.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'Name', dataIndex: 'fullName' },
          { title: 'E-mail', dataIndex: 'email', render: (email: string) => <span className="tb-admin-value">{email}</span> },
          {
            title: 'Role',
            dataIndex: 'roleName',
            render: (roleName: string, user) =>
              canWrite && user.userMasterId !== me?.userMasterId ? (
                <Select
                  aria-label={`Role of ${user.fullName}`}
                  size="small"
                  value={user.roleMasterId}
                  style={{ minWidth: 140 }}
                  onChange={(roleMasterId: number) =>
                    void act(() => api.call(userUpdateRole, { body: { userMasterId: user.userMasterId, roleMasterId } }), `${user.fullName}'s role is changed.`)
                  }
                  options={(roles.data ?? [{ roleMasterId: user.roleMasterId, roleName }]).map((r) => ({ value: r.roleMasterId, label: r.roleName }))}
                />
              ) : (
                roleName
              ),
          },
          { title: 'Sales rep', dataIndex: 'salesRep', render: (rep: string | null) => rep ?? '—' },
          {
            title: 'Status',
            key: 'status',
            render: (_: unknown, user) => (user.mustSetPassword ? <Tag color="gold">Invited</Tag> : user.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
          },
          {
            title: <span className="tb-visually-hidden">Actions</span>,
            key: 'actions',
            width: 56,
            render: (_: unknown, user) =>
              user.userMasterId === me?.userMasterId ? null : (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      ...(permissions.has('impersonate') ? [{ key: 'view', label: 'View as this user' }] : []),
                      ...(canWrite ? [{ key: 'mail', label: 'Send access e-mail' }, { key: 'delete', label: 'Deactivate…', danger: true }] : []),
                    ],
                    onClick: ({ key }) => {
                      if (key === 'view') navigate(`/impersonate/apply/${user.userMasterId}`);
                      else if (key === 'mail') void act(() => api.call(userSendAccessEmail, { params: { userId: user.userMasterId } }), `Access e-mail sent to ${user.email}.`);
                      else if (key === 'delete') {
                        modal.confirm({
                          title: 'Are you sure?',
                          content: `${user.fullName} can no longer sign in. Boards and history stay.`,
                          okText: 'Deactivate',
                          okButtonProps: { danger: true },
                          onOk: () => act(() => api.call(userDelete, { body: { userMasterId: user.userMasterId } }), `${user.fullName} is deactivated.`),
                        });
                      }
                    },
                  }}
                >
                  <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={`Actions for ${user.fullName}`} />
                </Dropdown>
              ),
          },
        ]}
      />
      <NewUserDialog
        open={adding}
        onClose={() => setAdding(false)}
        onDone={(ok) => {
          if (ok) {
            setAdding(false);
            void refresh(userList, roleList);
          }
          // Seed 000 §8: title New User, 'User created successfully' / 'Error adding user, please try again'.
          setStatus(ok ? { type: 'success', title: 'New User', message: 'User created successfully' } : { type: 'error', title: 'New User', message: 'Error adding user, please try again' });
        }}
      />
      <StatusDialog status={status} onClose={closeStatus} />
    </section>
  );
}
