import { memo, type MouseEvent, type ReactNode } from 'react';
import { Badge, Menu, type MenuProps, BellFilled } from '@tradeboard/shared/ui';
import { navigate, useLocation, useTradeboardStore, type SiteMenuItemValue } from '@tradeboard/shared/web';
import { menuIconFor } from './menuIcons.tsx';
import { NOTIFICATIONS_ROUTE, activeItem, routeOf, sectionTitle } from './menuItems.ts';
import { SectionSidebar, useHasSectionSidebar } from './SectionSidebar.tsx';

/** Follow a link inside the app without a page load (modified clicks keep the browser's behaviour). */
export function handleAppLink(event: MouseEvent<HTMLAnchorElement>, onNavigate?: () => void): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href') ?? '/');
  onNavigate?.();
}

type Props = {
  items: SiteMenuItemValue[];
  collapsed: boolean;
  /** Called after an item is followed (the mobile drawer closes). */
  onNavigate?: () => void;
};

/** The section links of the sidebar, built from the site menu (memoised: the chrome redraws often while a page loads). */
export const SidebarNav = memo(function SidebarNav({ items, collapsed, onNavigate }: Props): ReactNode {
  const { pathname } = useLocation();
  const unread = useTradeboardStore((state) => state.unreadCount);
  const current = activeItem(items, pathname);
  const extended = useHasSectionSidebar(current && !collapsed ? routeOf(current) : undefined);

  const menuItems: MenuProps['items'] = items.flatMap((item) => {
    const route = routeOf(item);
    const title = sectionTitle(item);
    const isNotifications = route.toLowerCase() === NOTIFICATIONS_ROUTE;
    const Icon = menuIconFor(item.menuIcon);
    const ariaCurrent = item === current ? ('page' as const) : undefined;
    const icon =
      isNotifications && unread > 0 ? (
        <BellFilled className="tb-bell-alert" aria-hidden />
      ) : (
        <Icon aria-hidden />
      );
    const label =
      isNotifications && unread > 0 ? (
        <a
          href={`/${route}`}
          onClick={(event) => handleAppLink(event, onNavigate)}
          className="tb-menu-label"
          aria-label={`${title}, ${unread} unread`}
          aria-current={ariaCurrent}
        >
          <span>{title}</span>
          <Badge count={unread} overflowCount={99} size="small" />
        </a>
      ) : (
        <a href={`/${route}`} onClick={(event) => handleAppLink(event, onNavigate)} aria-current={ariaCurrent}>
          {title}
        </a>
      );
    const entry = {
      key: route,
      icon: collapsed && isNotifications && unread > 0 ? <Badge dot offset={[-2, 2]}>{icon}</Badge> : icon,
      label,
      title,
    };
    // The expanded section shows what its remote adds under it (its boards), when the sidebar is full width.
    if (item !== current || !extended) return [entry];
    const extra = { type: 'group' as const, key: `${route}/sidebar`, className: 'tb-section-extra', label: <SectionSidebar sectionName={title} route={route} onNavigate={onNavigate} /> };
    return [entry, extra];
  });

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      selectedKeys={current ? [routeOf(current)] : []}
      items={menuItems}
      aria-label="Sections"
    />
  );
});
