import { memo, useState, type ReactNode } from 'react';
import {
  Avatar,
  Button,
  Dropdown,
  Switch,
  type MenuProps,
  DownOutlined,
  LogoutOutlined,
  SettingOutlined,
} from '@tradeboard/shared/ui';
import { useSWRConfig } from 'swr';
import { navigate, signOut, useTradeboardStore } from '@tradeboard/shared/web';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The navbar's profile menu: who is signed in and in which organization, edit mode, dark mode, Logout (memoised: it reads the store itself). */
export const ProfileMenu = memo(function ProfileMenu(): ReactNode {
  const user = useTradeboardStore((state) => state.user);
  const theme = useTradeboardStore((state) => state.theme);
  const setTheme = useTradeboardStore((state) => state.setTheme);
  const editMode = useTradeboardStore((state) => state.editMode);
  const setEditMode = useTradeboardStore((state) => state.setEditMode);
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const name = user?.fullName || user?.userName || 'Profile';

  const handleLogout = async (): Promise<void> => {
    setOpen(false);
    try {
      await signOut(() => void mutate(() => true, undefined, { revalidate: false }));
    } catch (error) {
      console.error('Logout failed', error);
    }
    navigate('/login');
  };

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <span className="tb-profile-who">
          <strong>{name}</strong>
          {user?.email ? <br /> : null}
          {user?.email}
          {user?.customerName ? <br /> : null}
          {user?.customerName ? <span className="tb-profile-organization">{user.customerName}</span> : null}
        </span>
      ),
    },
    { type: 'divider' },
    {
      key: 'edit',
      label: (
        <span className="tb-profile-row">
          Edit mode <Switch size="small" checked={editMode} tabIndex={-1} aria-hidden />
        </span>
      ),
      role: 'menuitemcheckbox',
      'aria-checked': editMode,
    } as NonNullable<MenuProps['items']>[number],
    {
      key: 'dark',
      label: (
        <span className="tb-profile-row">
          Dark mode <Switch size="small" checked={theme === 'dark'} tabIndex={-1} aria-hidden />
        </span>
      ),
      role: 'menuitemcheckbox',
      'aria-checked': theme === 'dark',
    } as NonNullable<MenuProps['items']>[number],
    { type: 'divider' },
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: 'Settings' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Logout', danger: true },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'edit') setEditMode(!editMode);
    else if (key === 'dark') setTheme(theme === 'dark' ? 'light' : 'dark');
    else if (key === 'settings') {
      setOpen(false);
      navigate('/settings');
    } else if (key === 'logout') void handleLogout();
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={(next, info) => {
        // Toggling a switch keeps the menu open; anything else closes it.
        if (!next && info.source === 'menu') return;
        setOpen(next);
      }}
      menu={{ items, onClick: handleClick }}
    >
      <Button type="text" className="tb-profile-button" aria-label="Profile menu" aria-haspopup="menu" aria-expanded={open}>
        <Avatar size={28} className="tb-avatar">
          {initialsOf(name)}
        </Avatar>
        <span className="tb-profile-name">{name}</span>
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
});
