import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Popconfirm, Tag, EditOutlined, PlusOutlined, useFeedback } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import { Input } from '@tradeboard/shared/ui/edit';
import { organizationMasterList, organizationMasterPost, organizationMasterPut, organizationSwitcherMetaDelete, organizationSwitcherUserList } from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { refresh, useRead, usePermissions } from '../api/admin.ts';

type Editing = { customerMasterId?: number; customerName: string; erpMasterId: number; editionMasterId: number };

/**
 * /settings/crossOrganizationAdminMaintenance (seed 000 §2): the organizations (OrganizationMaster)
 * and who may enter which (OrganizationSwitcher memberships). organizations.read shows one's own
 * organization, organizations.write every organization with add, edit and ending a membership.
 */
export default function OrganizationsPage(): ReactNode {
  const { message } = useFeedback();
  const canWrite = usePermissions().has('organizations.write');
  const organizations = useRead(organizationMasterList, { body: {} });
  const memberships = useRead(organizationSwitcherUserList, { body: {} });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!editing || !editing.customerName.trim()) return;
    setSaving(true);
    try {
      const body = { customerName: editing.customerName.trim(), erpMasterId: editing.erpMasterId, editionMasterId: editing.editionMasterId };
      const saved = editing.customerMasterId
        ? await api.call(organizationMasterPut, { params: { id: editing.customerMasterId }, body })
        : await api.call(organizationMasterPost, { body });
      await refresh(organizationMasterList);
      setEditing(null);
      message.success(`${saved.customerName} is saved.`);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const end = async (membershipId: number) => {
    try {
      await api.call(organizationSwitcherMetaDelete, { params: { id: membershipId } });
      await refresh(organizationSwitcherUserList, organizationMasterList);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <>
      <section className="tb-admin-panel" aria-labelledby="organizations-title">
        <div className="tb-admin-toolbar">
          <h2 id="organizations-title">Organizations</h2>
          {canWrite ? (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ customerName: '', erpMasterId: 1, editionMasterId: 3 })}>
              New organization
            </Button>
          ) : null}
        </div>
        {organizations.error ? <Alert type="error" showIcon message={errorMessage(organizations.error)} /> : null}
        <Table
          size="middle"
          rowKey="customerMasterId"
          loading={organizations.isLoading}
          pagination={false}
          scroll={{ x: 560 }}
          dataSource={organizations.data ?? []}
          columns={[
            { title: 'Organization', dataIndex: 'customerName' },
            { title: 'ERP', dataIndex: 'erpMasterId', align: 'right' },
            { title: 'Edition', dataIndex: 'editionMasterId', align: 'right' },
            { title: 'Users', dataIndex: 'userCount', align: 'right' },
            { title: 'Members from elsewhere', dataIndex: 'memberCount', align: 'right' },
            {
              title: <span className="tb-visually-hidden">Actions</span>,
              key: 'actions',
              render: (_: unknown, row) =>
                canWrite ? (
                  <Button size="small" icon={<EditOutlined aria-hidden />} aria-label={`Edit ${row.customerName}`} onClick={() => setEditing({ ...row })}>
                    Edit
                  </Button>
                ) : null,
            },
          ]}
        />
      </section>
      <section className="tb-admin-panel" aria-labelledby="memberships-title">
        <h2 id="memberships-title">Members of other organizations</h2>
        <p className="tb-admin-muted">Each member switches into the organization from his profile and works there with the role shown.</p>
        {memberships.error ? <Alert type="error" showIcon message={errorMessage(memberships.error)} /> : null}
        <Table
          size="middle"
          rowKey="membershipId"
          loading={memberships.isLoading}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 640 }}
          dataSource={memberships.data ?? []}
          locale={{ emptyText: 'Nobody belongs to more than one organization.' }}
          columns={[
            { title: 'User', dataIndex: 'email', render: (email: string, row) => <span>{row.fullName} <span className="tb-admin-muted">{email}</span></span> },
            { title: 'Home', dataIndex: 'homeCustomerName' },
            { title: 'Member of', dataIndex: 'customerName' },
            { title: 'Role there', dataIndex: 'roleName', render: (role: string, row) => <span>{role} {row.isActive ? null : <Tag>Ended</Tag>}</span> },
            {
              title: <span className="tb-visually-hidden">Actions</span>,
              key: 'actions',
              render: (_: unknown, row) =>
                canWrite && row.isActive ? (
                  <Popconfirm title="Are you sure?" description={`${row.fullName} can no longer switch into ${row.customerName}.`} okText="End" onConfirm={() => void end(row.membershipId)}>
                    <Button size="small" danger aria-label={`End ${row.fullName}'s membership of ${row.customerName}`}>
                      End
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </section>
      <Modal
        open={editing !== null}
        title={editing?.customerMasterId ? `Edit ${editing.customerName || 'organization'}` : 'New organization'}
        okText="Save"
        okButtonProps={{ disabled: !editing?.customerName.trim(), loading: saving }}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing ? (
          <div className="tb-admin-form">
            <label className="tb-admin-field">
              <span>Name</span>
              <Input value={editing.customerName} maxLength={100} autoFocus onChange={(e) => setEditing({ ...editing, customerName: e.target.value })} onPressEnter={() => void save()} />
            </label>
            <label className="tb-admin-field">
              <span>ERP</span>
              <Input type="number" min={1} step={1} value={editing.erpMasterId} onChange={(e) => setEditing({ ...editing, erpMasterId: Math.max(1, Math.trunc(Number(e.target.value) || 1)) })} />
            </label>
            <label className="tb-admin-field">
              <span>Edition</span>
              <Input type="number" min={1} max={9} step={1} value={editing.editionMasterId} onChange={(e) => setEditing({ ...editing, editionMasterId: Math.min(9, Math.max(1, Math.trunc(Number(e.target.value) || 3))) })} />
            </label>
          </div>
        ) : null}
      </Modal>
    </>
  );
}
