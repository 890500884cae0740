import { lazy, Suspense, type ReactNode } from 'react';
import { Menu, Result, Skeleton, type MenuProps } from '@tradeboard/shared/ui';
import { ADMIN_ROLE_NAMES } from '@tradeboard/shared/constants';
import { isUnderRoute, navigate, useTradeboardStore } from '@tradeboard/shared/web';
import { usePermissions } from '../api/admin.ts';

const ProfilePage = lazy(() => import('./ProfilePage.tsx'));
const UsersPage = lazy(() => import('./UsersPage.tsx'));
const UsersUploadPage = lazy(() => import('./UsersUploadPage.tsx'));
const RolesPage = lazy(() => import('./RolesPage.tsx'));
const SystemPage = lazy(() => import('./SystemPage.tsx'));
const DataPage = lazy(() => import('./DataPage.tsx'));
const NotificationMasterPage = lazy(() => import('./NotificationMasterPage.tsx'));
const OrganizationsPage = lazy(() => import('./OrganizationsPage.tsx'));

/**
 * The /settings children this remote shows, and the admin permission each needs (docs/decisions.md
 * "Administration: rights model"); the profile is everyone's. Other remotes own more specific
 * routes under /settings (goals, CRM's data manager): the shell sends those addresses to them.
 */
export const SETTINGS_PAGES = [
  { key: '/settings', label: 'Profile', permission: null },
  { key: '/settings/users', label: 'Users', permission: 'users.read' },
  { key: '/settings/roles', label: 'Roles', permission: 'roles.read' },
  { key: '/settings/system', label: 'System', permission: 'settings.read' },
  { key: '/settings/data', label: 'Data', permission: 'erp.load' },
  { key: '/settings/notifications', label: 'Notifications', permission: 'settings.read' },
  { key: '/settings/crossOrganizationAdminMaintenance', label: 'Organizations', permission: 'organizations.read' },
  // Reached from the Users page, not the menu.
  { key: '/settings/users/upload', label: 'Import users', permission: 'users.write', inMenu: false },
] as const;

/**
 * The CRM's reference data and user-defined fields (mf-crm owns /settings/dataManager/…): for the
 * administrators the server lets maintain them (an admin role), unless the CRM module is off.
 */
const CRM_DATA = { key: '/settings/dataManager/ActivityType', label: 'CRM data' };
function useCrmDataEntry(): boolean {
  return useTradeboardStore(
    (state) =>
      !!state.user &&
      (ADMIN_ROLE_NAMES as readonly string[]).includes(state.user.roleName) &&
      !(state.user.disabledModules ?? []).some((area) => area.routes.some((route) => isUnderRoute(CRM_DATA.key, route))),
  );
}

function pageOf(pathname: string) {
  const path = pathname.replace(/\/+$/, '') || '/settings';
  if (path.toLowerCase() === '/settings') return SETTINGS_PAGES[0];
  // The most specific page: /settings/users/upload before /settings/users.
  return SETTINGS_PAGES.slice(1)
    .filter((page) => isUnderRoute(path, page.key))
    .sort((a, b) => b.key.length - a.key.length)[0];
}

export default function SettingsLayout({ pathname }: { pathname: string }): ReactNode {
  const permissions = usePermissions();
  const allowed = SETTINGS_PAGES.filter((page) => page.permission === null || permissions.has(page.permission));
  const page = pageOf(pathname);
  const crmData = useCrmDataEntry();
  const entries = [...allowed.filter((p) => !('inMenu' in p)), ...(crmData ? [CRM_DATA] : [])];
  const items: MenuProps['items'] = entries.map((p) => ({ key: p.key, label: <a href={p.key} onClick={(event) => event.preventDefault()}>{p.label}</a> }));
  let content: ReactNode;
  if (!page) content = <Result status="404" title="Page Not Found" subTitle="There is no such settings page." />;
  else if (page.permission !== null && !permissions.has(page.permission)) {
    content = <Result status="403" title="Not available" subTitle="Your role does not allow this page. Contact your system administrator if you feel this is in error." />;
  } else if (page.key === '/settings') content = <ProfilePage />;
  else if (page.key === '/settings/users') content = <UsersPage />;
  else if (page.key === '/settings/users/upload') content = <UsersUploadPage />;
  else if (page.key === '/settings/roles') content = <RolesPage />;
  else if (page.key === '/settings/data') content = <DataPage />;
  else if (page.key === '/settings/notifications') content = <NotificationMasterPage />;
  else if (page.key === '/settings/crossOrganizationAdminMaintenance') content = <OrganizationsPage />;
  else content = <SystemPage />;
  return (
    <div className="tb-admin-page">
      <div>
        <h1 className="tb-admin-title">Settings</h1>
        <nav aria-label="Settings">
          <Menu
            className="tb-admin-nav"
            mode="horizontal"
            selectedKeys={page ? ['inMenu' in page ? '/settings/users' : page.key] : []}
            items={items}
            onClick={({ key }) => navigate(key)}
          />
        </nav>
      </div>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{content}</Suspense>
    </div>
  );
}
