import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Modal, Switch, Tag, Tooltip, DeleteOutlined, EditOutlined, useFeedback } from '@tradeboard/shared/ui';
import { Select, Table } from '@tradeboard/shared/ui/data';
import { Input } from '@tradeboard/shared/ui/edit';
import {
  adminModulesList,
  adminModulesUpdate,
  roleList,
  settingsGlobalConfig,
  settingsGlobalRemove,
  settingsGlobalUpdate,
  settingsRoleConfig,
  settingsRoleRemove,
  settingsRoleUpdate,
  toggleAdminDelete,
  toggleAdminList,
  toggleAdminPost,
  toggleAdminPut,
  userList,
  userUpdate,
} from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import type { ContractResult } from '@tradeboard/shared/contracts';
import { refresh, refreshSession, useRead, usePermissions } from '../api/admin.ts';
import DocumentLogoPanel from './DocumentLogoPanel.tsx';

type Setting = ContractResult<typeof settingsGlobalConfig>[number];
type Level = 'organization' | 'role' | 'user';
const isBoolean = (s: Setting) => s.defaultValue === 'true' || s.defaultValue === 'false';
const shown = (value: string | null) => (value === null ? <span className="tb-admin-muted">—</span> : <span className="tb-admin-value">{value}</span>);
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function SettingEditor({ setting, levels, onClose }: { setting: Setting | null; levels: Array<{ level: Level; label: string; id?: number; current: string | null }>; onClose: () => void }): ReactNode {
  const { message } = useFeedback();
  const [level, setLevel] = useState<Level>(levels[levels.length - 1]?.level ?? 'organization');
  const target = levels.find((l) => l.level === level) ?? levels[0]!;
  const [value, setValue] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!setting) return null;
  const current = value ?? target.current ?? setting.effectiveValue;
  const write = async (next: string | null) => {
    setSaving(true);
    try {
      const settingMasterId = setting.settingMasterId;
      if (level === 'organization') {
        if (next === null) await api.call(settingsGlobalRemove, { params: { settingMasterId } });
        else await api.call(settingsGlobalUpdate, { body: { settingMasterId, settingValue: next } });
      } else if (level === 'role') {
        if (next === null) await api.call(settingsRoleRemove, { params: { roleMasterId: target.id!, settingMasterId } });
        else await api.call(settingsRoleUpdate, { params: { roleMasterId: target.id! }, body: { settingMasterId, settingValue: next } });
      } else {
        await api.call(userUpdate, { body: { userMasterId: target.id!, settingOverrides: [{ settingMasterId, settingValue: next }] } });
      }
      await refresh(settingsGlobalConfig, settingsRoleConfig);
      await refreshSession();
      message.success(`${setting.settingName} is saved.`);
      onClose();
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={setting.settingName}
      onCancel={onClose}
      footer={[
        <Button key="remove" disabled={target.current === null} onClick={() => void write(null)} loading={saving}>
          Remove override
        </Button>,
        <Button key="save" type="primary" onClick={() => void write(current)} loading={saving}>
          Save
        </Button>,
      ]}
    >
      <div className="tb-admin-form">
        <label className="tb-admin-field">
          <span>Level</span>
          <Select aria-label="Level" value={level} onChange={(l: Level) => { setLevel(l); setValue(null); }} options={levels.map((l) => ({ value: l.level, label: l.label }))} />
        </label>
        <label className="tb-admin-field">
          <span>Value (default {setting.defaultValue || '—'})</span>
          {isBoolean(setting) ? (
            <Switch aria-label="Value" checked={current === 'true'} onChange={(on) => setValue(on ? 'true' : 'false')} style={{ alignSelf: 'flex-start' }} />
          ) : (
            <Input aria-label="Value" value={current} maxLength={4000} onChange={(e) => setValue(e.target.value)} />
          )}
        </label>
      </div>
    </Modal>
  );
}

function SettingsPanel(): ReactNode {
  const permissions = usePermissions();
  const roles = useRead(roleList);
  const [roleMasterId, setRole] = useState<number | undefined>(undefined);
  const [userMasterId, setUser] = useState<number | undefined>(undefined);
  const users = useRead(userList, { body: { pageSize: 500, sortBy: 'fullName' } }, permissions.has('users.read'));
  const config = useRead(settingsGlobalConfig, { query: { ...(roleMasterId ? { roleMasterId } : {}), ...(userMasterId ? { userMasterId } : {}) } });
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Setting | null>(null);
  const roleName = roles.data?.find((r) => r.roleMasterId === roleMasterId)?.roleName;
  const user = users.data?.rows.find((u) => u.userMasterId === userMasterId);
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const rows = (config.data ?? []).filter((s) => !needle || s.settingName.toLowerCase().includes(needle) || s.settingGroup.toLowerCase().includes(needle));
    const byGroup = new Map<string, Setting[]>();
    for (const row of rows) byGroup.set(row.settingGroup, [...(byGroup.get(row.settingGroup) ?? []), row]);
    return [...byGroup].sort(([a], [b]) => a.localeCompare(b));
  }, [config.data, search]);
  const levels = [
    ...(permissions.has('settings.global') ? [{ level: 'organization' as const, label: 'Organization', current: editing?.globalValue ?? null }] : []),
    ...(roleMasterId && permissions.has('settings.role') ? [{ level: 'role' as const, label: `Role: ${roleName ?? ''}`, id: roleMasterId, current: editing?.roleValue ?? null }] : []),
    ...(userMasterId && permissions.has('settings.user') ? [{ level: 'user' as const, label: `User: ${user?.fullName ?? ''}`, id: userMasterId, current: editing?.userValue ?? null }] : []),
  ];
  return (
    <section className="tb-admin-panel" aria-labelledby="settings-title">
      <div className="tb-admin-toolbar">
        <h2 id="settings-title">Settings</h2>
        <Input.Search className="tb-admin-toolbar__search" placeholder="Search settings" aria-label="Search settings" allowClear onChange={(e) => setSearch(e.target.value)} />
      </div>
      <div className="tb-admin-toolbar" style={{ justifyContent: 'flex-start', margin: '12px 0' }}>
        <Select
          aria-label="Role"
          allowClear
          placeholder="Compare a role"
          style={{ minWidth: 200 }}
          value={roleMasterId}
          onChange={(id?: number) => setRole(id)}
          options={(roles.data ?? []).map((r) => ({ value: r.roleMasterId, label: r.roleName }))}
        />
        {permissions.has('users.read') ? (
          <Select
            aria-label="User"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="Compare a user"
            style={{ minWidth: 220 }}
            value={userMasterId}
            onChange={(id?: number) => setUser(id)}
            options={(users.data?.rows ?? []).map((u) => ({ value: u.userMasterId, label: `${u.fullName} (${u.roleName})` }))}
          />
        ) : null}
      </div>
      {config.error ? <Alert type="error" showIcon message={errorMessage(config.error)} /> : null}
      {!config.isLoading && groups.length === 0 ? <Empty description="No setting matches the search" /> : null}
      {groups.map(([group, rows]) => (
        <div key={group}>
          <h3 className="tb-admin-group">{group}</h3>
          <Table
            size="small"
            rowKey="settingMasterId"
            loading={config.isLoading}
            pagination={false}
            scroll={{ x: 860 }}
            dataSource={rows}
            columns={[
              { title: 'Setting', dataIndex: 'settingName', width: 260 },
              { title: 'Default', dataIndex: 'defaultValue', render: shown },
              { title: 'Organization', dataIndex: 'globalValue', render: shown },
              { title: roleName ? `Role: ${roleName}` : 'Role', dataIndex: 'roleValue', render: shown },
              { title: user ? `User: ${user.fullName}` : 'User', dataIndex: 'userValue', render: shown },
              { title: 'Applies', dataIndex: 'effectiveValue', render: (v: string) => <strong className="tb-admin-value">{v}</strong> },
              {
                title: 'Last change',
                dataIndex: 'lastChange',
                render: (c: Setting['lastChange']) => (c ? <Tooltip title={`${c.level}: ${c.value ?? 'removed'}`}><span className="tb-admin-muted">{when(c.at)} · {c.by}</span></Tooltip> : '—'),
              },
              {
                title: <span className="tb-visually-hidden">Edit</span>,
                key: 'edit',
                width: 48,
                render: (_: unknown, s: Setting) =>
                  levels.length ? <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={`Edit ${s.settingName}`} onClick={() => setEditing(s)} /> : null,
              },
            ]}
          />
        </div>
      ))}
      {editing && levels.length ? <SettingEditor setting={editing} levels={levels} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

type Module = ContractResult<typeof adminModulesList>[number];

function ModulesPanel(): ReactNode {
  const { message } = useFeedback();
  const canWrite = usePermissions().has('modules.write');
  const modules = useRead(adminModulesList);
  const [off, setOff] = useState<{ module: Module; featureId?: string; title: string } | null>(null);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const change = async (moduleId: string, featureId: string | undefined, enabled: boolean, why?: string) => {
    setSaving(true);
    try {
      await api.call(adminModulesUpdate, { body: { moduleId, ...(featureId ? { featureId } : {}), enabled, ...(why ? { reason: why } : {}) } });
      await modules.mutate();
      await refreshSession();
      setOff(null);
      setReason('');
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="tb-admin-panel" aria-labelledby="modules-title">
      <h2 id="modules-title">Modules</h2>
      <p className="tb-admin-muted">Switch a module or a feature off for your organization: its menu entry goes, and its pages show your reason. Signed-in users see the change on their next page.</p>
      {modules.error ? <Alert type="error" showIcon message={errorMessage(modules.error)} /> : null}
      <div className="tb-admin-modules">
        {(modules.data ?? []).map((module) => (
          <article key={module.moduleId} className="tb-admin-panel tb-admin-module" aria-label={module.title}>
            <div className="tb-admin-module__head">
              <h3 className="tb-admin-module__title">{module.title}</h3>
              {module.locked ? (
                <Tag>Always on</Tag>
              ) : (
                <Switch
                  aria-label={`${module.title} on`}
                  checked={module.enabled}
                  disabled={!canWrite || module.deploymentDisabled || saving}
                  onChange={(on) => (on ? void change(module.moduleId, undefined, true) : setOff({ module, title: module.title }))}
                />
              )}
            </div>
            {module.reason ? <p className="tb-admin-reason">{module.deploymentDisabled ? 'Off for the whole installation: ' : 'Off: '}{module.reason}</p> : null}
            {module.features.map((feature) => (
              <div key={feature.featureId} className="tb-admin-feature">
                <span>
                  {feature.title}
                  {feature.reason ? <span className="tb-admin-reason"> — {feature.reason}</span> : null}
                </span>
                <Switch
                  size="small"
                  aria-label={`${feature.title} on`}
                  checked={feature.enabled}
                  disabled={!canWrite || !module.enabled || saving}
                  onChange={(on) => (on ? void change(module.moduleId, feature.featureId, true) : setOff({ module, featureId: feature.featureId, title: feature.title }))}
                />
              </div>
            ))}
          </article>
        ))}
      </div>
      <Modal
        open={off !== null}
        title={`Switch ${off?.title ?? ''} off`}
        okText="Switch off"
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: saving }}
        onOk={() => off && void change(off.module.moduleId, off.featureId, false, reason.trim())}
        onCancel={() => setOff(null)}
        destroyOnHidden
      >
        <label className="tb-admin-field">
          <span>Reason (users see it instead of the page)</span>
          <Input.TextArea aria-label="Reason" value={reason} maxLength={300} rows={3} autoFocus onChange={(e) => setReason(e.target.value)} />
        </label>
      </Modal>
    </section>
  );
}

type Toggle = ContractResult<typeof toggleAdminList>[number];
type ToggleDraft = { toggleName: string; valueType: number; defaultValue: string; description: string };
const NEW_TOGGLE: ToggleDraft = { toggleName: '', valueType: 1, defaultValue: 'false', description: '' };

/** The toggle master dialog: a new toggle (toggle null) or a change to one. */
function ToggleEditor({ open, toggle, onClose }: { open: boolean; toggle: Toggle | null; onClose: () => void }): ReactNode {
  const { message } = useFeedback();
  const [draft, setDraft] = useState<ToggleDraft>(NEW_TOGGLE);
  const [shownFor, setShownFor] = useState<number | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const key = open ? (toggle?.toggleMasterId ?? 'new') : null;
  if (key !== shownFor) {
    setShownFor(key);
    setDraft(toggle ? { toggleName: toggle.toggleName, valueType: toggle.valueType, defaultValue: toggle.defaultValue, description: toggle.description } : NEW_TOGGLE);
  }
  const nameOk = /^[A-Za-z][A-Za-z0-9_]*$/.test(draft.toggleName);
  const save = async () => {
    if (!nameOk) return;
    setSaving(true);
    try {
      if (toggle) await api.call(toggleAdminPut, { params: { toggleMasterId: toggle.toggleMasterId }, body: draft });
      else await api.call(toggleAdminPost, { body: draft });
      await refresh(toggleAdminList);
      await refreshSession();
      message.success(`${draft.toggleName} is saved.`);
      onClose();
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const boolean = draft.valueType === 1 && ['true', 'false'].includes(draft.defaultValue);
  return (
    <Modal open={open} title={toggle ? `Edit ${toggle.toggleName}` : 'New toggle'} okText="Save" onOk={() => void save()} okButtonProps={{ disabled: !nameOk, loading: saving }} onCancel={onClose} destroyOnHidden>
      <form className="tb-admin-form" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <label className="tb-admin-field">
          <span>Name (letters, digits and _)</span>
          <Input value={draft.toggleName} maxLength={100} status={draft.toggleName && !nameOk ? 'error' : undefined} onChange={(e) => setDraft({ ...draft, toggleName: e.target.value })} />
        </label>
        <label className="tb-admin-field">
          <span>Value type</span>
          <Select
            aria-label="Value type"
            value={draft.valueType}
            onChange={(valueType: number) => setDraft({ ...draft, valueType, defaultValue: valueType === 1 ? 'false' : draft.defaultValue })}
            options={[
              { value: 1, label: '1 — on or off (true only for the text true)' },
              { value: 2, label: '2 — text, kept as it is' },
            ]}
          />
        </label>
        <label className="tb-admin-field">
          <span>Default value</span>
          {boolean ? (
            <Switch aria-label="Default value" checked={draft.defaultValue === 'true'} onChange={(on) => setDraft({ ...draft, defaultValue: on ? 'true' : 'false' })} checkedChildren="true" unCheckedChildren="false" />
          ) : (
            <Input value={draft.defaultValue} maxLength={4000} onChange={(e) => setDraft({ ...draft, defaultValue: e.target.value })} />
          )}
        </label>
        <label className="tb-admin-field">
          <span>Description</span>
          <Input.TextArea value={draft.description} maxLength={500} rows={2} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
        </label>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

function TogglesPanel(): ReactNode {
  const { message, modal } = useFeedback();
  const canWrite = usePermissions().has('toggles.write');
  const toggles = useRead(toggleAdminList);
  const [editing, setEditing] = useState<{ toggle: Toggle | null } | null>(null);
  const remove = (toggle: Toggle) =>
    modal.confirm({
      title: `Remove ${toggle.toggleName}?`,
      content: "Every user's own value of it goes too; screens that read it see it off.",
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.call(toggleAdminDelete, { params: { toggleMasterId: toggle.toggleMasterId } });
          await refresh(toggleAdminList);
          await refreshSession();
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });
  return (
    <section className="tb-admin-panel" aria-labelledby="toggles-title">
      <div className="tb-admin-toolbar">
        <h2 id="toggles-title">Toggles</h2>
        {canWrite ? (
          <Button type="primary" onClick={() => setEditing({ toggle: null })}>
            New toggle
          </Button>
        ) : null}
      </div>
      <p className="tb-admin-muted">Users switch these themselves (customer mode, splits applied). Value type 1 reads true only for the text true; values naming a SETTING_ stay as they are; a missing toggle reads false.</p>
      {toggles.error ? <Alert type="error" showIcon message={errorMessage(toggles.error)} /> : null}
      <Table
        size="small"
        rowKey="toggleMasterId"
        loading={toggles.isLoading}
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={toggles.data ?? []}
        locale={{ emptyText: 'No toggles yet' }}
        columns={[
          { title: 'Toggle', dataIndex: 'toggleName' },
          { title: 'Value type', dataIndex: 'valueType' },
          { title: 'Default', dataIndex: 'defaultValue', render: (value: string) => <span className="tb-admin-value">{value}</span> },
          { title: 'Description', dataIndex: 'description', render: (d: string) => d || '—' },
          ...(canWrite
            ? [
                {
                  title: <span className="tb-visually-hidden">Actions</span>,
                  key: 'actions',
                  width: 96,
                  render: (_: unknown, toggle: Toggle) => (
                    <span className="tb-admin-actions">
                      <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={`Edit ${toggle.toggleName}`} onClick={() => setEditing({ toggle })} />
                      <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Remove ${toggle.toggleName}`} onClick={() => remove(toggle)} />
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ToggleEditor open={editing !== null} toggle={editing?.toggle ?? null} onClose={() => setEditing(null)} />
    </section>
  );
}

const TABS = [
  { key: 'settings', label: 'Settings' },
  { key: 'modules', label: 'Modules' },
  { key: 'toggles', label: 'Toggles' },
  { key: 'branding', label: 'Branding' },
] as const;

/** /settings/system: settings by group (default, organization, role, user side by side), modules, toggles, the documents' logo. */
export default function SystemPage(): ReactNode {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>(() => {
    const asked = new URLSearchParams(window.location.search).get('tab');
    return TABS.find((t) => t.key === asked)?.key ?? 'settings';
  });
  return (
    <>
      <div role="tablist" aria-label="System" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {TABS.map((t) => (
          <Button key={t.key} role="tab" aria-selected={tab === t.key} type={tab === t.key ? 'primary' : 'default'} onClick={() => setTab(t.key)}>
            {t.label}
          </Button>
        ))}
      </div>
      {tab === 'settings' ? <SettingsPanel /> : tab === 'modules' ? <ModulesPanel /> : tab === 'toggles' ? <TogglesPanel /> : <DocumentLogoPanel />}
    </>
  );
}
