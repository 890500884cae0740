import { useState, type ReactNode } from 'react';
import { Alert, Button, Popconfirm, Tag, useFeedback } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import { Input } from '@tradeboard/shared/ui/edit';
import {
  organizationSwitcherApply,
  organizationSwitcherCustomerMasterList,
  userChangePassword,
  userResetAuthenticator,
  userSessions,
  userSessionsSignOutOthers,
  userUpdateProfile,
} from '@tradeboard/shared/contracts';
import { api, errorMessage, navigate, useTradeboardStore } from '@tradeboard/shared/web';
import { refresh, refreshSession, useRead } from '../api/admin.ts';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A browser's name from its user agent, enough to tell sessions apart. */
function deviceOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Chrome\//.test(userAgent) ? 'Chrome' : /Firefox\//.test(userAgent) ? 'Firefox' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Windows/.test(userAgent) ? 'Windows' : /Mac OS/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

function NamePanel(): ReactNode {
  const { message } = useFeedback();
  const user = useTradeboardStore((state) => state.user);
  const [name, setName] = useState(user?.fullName ?? '');
  const [saving, setSaving] = useState(false);
  const changed = name.trim() !== '' && name.trim() !== user?.fullName;
  const save = async () => {
    setSaving(true);
    try {
      await api.call(userUpdateProfile, { body: { fullName: name.trim() } });
      await refreshSession();
      message.success('Your name is saved.');
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="tb-admin-panel" aria-labelledby="profile-name">
      <h2 id="profile-name">Profile</h2>
      <div className="tb-admin-form">
        <label className="tb-admin-field">
          <span>Name</span>
          <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} onPressEnter={() => changed && void save()} />
        </label>
        <div className="tb-admin-field">
          <span>E-mail</span>
          <span className="tb-admin-value">{user?.email}</span>
        </div>
        <div className="tb-admin-field">
          <span>Role</span>
          <span>{user?.roleName}</span>
        </div>
        <div>
          <Button type="primary" onClick={() => void save()} disabled={!changed} loading={saving}>
            Save name
          </Button>
        </div>
      </div>
    </section>
  );
}

function PasswordPanel(): ReactNode {
  const { message } = useFeedback();
  const mustSet = useTradeboardStore((state) => state.user?.mustSetPassword === true);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const mismatch = again !== '' && next !== again;
  const submit = async () => {
    setError(null);
    setSaving(true);
    try {
      await api.call(userChangePassword, { body: { currentPassword: current || undefined, newPassword: next } });
      setCurrent('');
      setNext('');
      setAgain('');
      await refreshSession();
      await refresh(userSessions);
      message.success('Your password is changed. Your other sessions were signed out.');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="tb-admin-panel" aria-labelledby="profile-password">
      <h2 id="profile-password">Password</h2>
      {mustSet ? <Alert type="warning" showIcon message="Choose a password for your account." style={{ marginBottom: 12 }} /> : null}
      <form className="tb-admin-form" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        {mustSet ? null : (
          <label className="tb-admin-field">
            <span>Current password</span>
            <Input.Password value={current} autoComplete="current-password" onChange={(e) => setCurrent(e.target.value)} />
          </label>
        )}
        <label className="tb-admin-field">
          <span>New password</span>
          <Input.Password value={next} autoComplete="new-password" onChange={(e) => setNext(e.target.value)} />
        </label>
        <label className="tb-admin-field">
          <span>Repeat the new password</span>
          <Input.Password value={again} autoComplete="new-password" status={mismatch ? 'error' : undefined} onChange={(e) => setAgain(e.target.value)} />
        </label>
        {mismatch ? <span className="tb-admin-reason" role="alert">The two passwords differ.</span> : null}
        {error ? <Alert type="error" showIcon message={error} /> : null}
        <div>
          <Button type="primary" htmlType="submit" disabled={!next || next !== again || (!mustSet && !current)} loading={saving}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}

function AuthenticatorPanel(): ReactNode {
  const { message } = useFeedback();
  const reset = async () => {
    try {
      await api.call(userResetAuthenticator, { body: {} });
      message.success('Your authenticator is reset: set it up again at your next sign-in.');
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  return (
    <section className="tb-admin-panel" aria-labelledby="profile-authenticator">
      <h2 id="profile-authenticator">Authenticator</h2>
      <p className="tb-admin-muted">A lost or replaced phone: reset the authenticator, and your next sign-in shows a new code to scan.</p>
      <Popconfirm title="Are you sure?" description="Your current authenticator codes stop working." okText="Reset" onConfirm={() => void reset()}>
        <Button>Reset authenticator</Button>
      </Popconfirm>
    </section>
  );
}

function SessionsPanel(): ReactNode {
  const { message } = useFeedback();
  const sessions = useRead(userSessions);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const signOutOthers = async () => {
    try {
      const { ended } = await api.call(userSessionsSignOutOthers);
      await sessions.mutate();
      message.success(`${ended} other session${ended === 1 ? '' : 's'} signed out.`);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  return (
    <section className="tb-admin-panel" aria-labelledby="profile-sessions">
      <div className="tb-admin-toolbar">
        <h2 id="profile-sessions">Sessions</h2>
        <Popconfirm title="Are you sure?" description="Every other browser where you are signed in is signed out." okText="Sign out" onConfirm={() => void signOutOthers()} disabled={others === 0}>
          <Button danger disabled={others === 0}>
            Sign out other sessions
          </Button>
        </Popconfirm>
      </div>
      {sessions.error ? <Alert type="error" showIcon message={errorMessage(sessions.error)} /> : null}
      <Table
        size="small"
        rowKey="sessionId"
        loading={sessions.isLoading}
        pagination={false}
        scroll={{ x: 520 }}
        dataSource={sessions.data ?? []}
        columns={[
          {
            title: 'Browser',
            dataIndex: 'userAgent',
            render: (ua: string, row) => (
              <span>
                {deviceOf(ua)} {row.current ? <Tag color="green">This session</Tag> : null}
                {row.persistent ? <Tag>Keep Me Signed In</Tag> : null}
              </span>
            ),
          },
          { title: 'Address', dataIndex: 'ip' },
          { title: 'Last active', dataIndex: 'lastSeenAt', render: when },
          { title: 'Ends', dataIndex: 'expiresAt', render: when },
        ]}
      />
    </section>
  );
}

/**
 * The organizations the user may work in (OrganizationSwitcher): his home one and those he is a
 * member of. Switching applies to this session, then organization/apply revalidates it and opens /home.
 */
function OrganizationsPanel(): ReactNode {
  const { message } = useFeedback();
  const organizations = useRead(organizationSwitcherCustomerMasterList, { body: {} });
  const impersonating = useTradeboardStore((state) => state.user?.isImpersonating === true);
  const [switching, setSwitching] = useState<number | null>(null);
  const rows = organizations.data ?? [];
  const switchTo = async (customerMasterId: number) => {
    setSwitching(customerMasterId);
    try {
      await api.call(organizationSwitcherApply, { params: { customerMasterId } });
      navigate('/organization/apply');
    } catch (error) {
      message.error(errorMessage(error));
      setSwitching(null);
    }
  };
  if (!organizations.isLoading && !organizations.error && rows.length < 2) return null;
  return (
    <section className="tb-admin-panel" aria-labelledby="profile-organizations">
      <h2 id="profile-organizations">Organizations</h2>
      <p className="tb-admin-muted">You belong to more than one organization. Switch to work in another: its boards, settings, users and notifications.</p>
      {organizations.error ? <Alert type="error" showIcon message={errorMessage(organizations.error)} /> : null}
      {impersonating ? <Alert type="info" showIcon message="Stop viewing as the other user to switch organizations." style={{ marginBottom: 12 }} /> : null}
      <Table
        size="small"
        rowKey="customerMasterId"
        loading={organizations.isLoading}
        pagination={false}
        dataSource={rows}
        aria-label="Your organizations"
        columns={[
          {
            title: 'Organization',
            dataIndex: 'customerName',
            render: (name: string, row) => (
              <span>
                {name} {row.isHome ? <Tag>Home</Tag> : null}
                {row.isActive ? <Tag color="green">Current</Tag> : null}
              </span>
            ),
          },
          { title: 'Your role', dataIndex: 'roleName' },
          {
            title: <span className="tb-visually-hidden">Action</span>,
            key: 'action',
            align: 'right',
            render: (_: unknown, row) =>
              row.isActive ? null : (
                <Button
                  onClick={() => void switchTo(row.customerMasterId)}
                  loading={switching === row.customerMasterId}
                  disabled={impersonating || (switching !== null && switching !== row.customerMasterId)}
                  aria-label={`Switch to ${row.customerName}`}
                >
                  Switch
                </Button>
              ),
          },
        ]}
      />
    </section>
  );
}

/** /settings: the signed-in user's profile — name, organizations, password, authenticator, sessions. */
export default function ProfilePage(): ReactNode {
  return (
    <>
      <NamePanel />
      <OrganizationsPanel />
      <PasswordPanel />
      <AuthenticatorPanel />
      <SessionsPanel />
    </>
  );
}
