import { useCallback, useState, type ReactNode } from 'react';
import { Button, Drawer, Layout, LeftOutlined, MenuOutlined, RightOutlined } from '@tradeboard/shared/ui';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_FULL_WIDTH, SIDEBAR_MINI_WIDTH } from '@tradeboard/shared/constants';
import { mainSpacer, useLocation, useTradeboardStore, type SiteMenuItemValue } from '@tradeboard/shared/web';
import { AppFooter } from './AppFooter.tsx';
import { CommandPaletteButton } from './CommandPaletteButton.tsx';
import { ReleaseBanner, TogglesBanner, useBanners } from './Banners.tsx';
import { Logo } from './Logo.tsx';
import { pageTitle } from './menuItems.ts';
import { ImpersonationBar } from './ImpersonationBar.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { ownerOf, useRemoteRegistry } from '../root/remoteRegistry.ts';
import { SidebarNav, handleAppLink } from './SidebarNav.tsx';
import { useMediaQuery } from './useMediaQuery.ts';

type Props = { items: SiteMenuItemValue[]; children: ReactNode };

/** The app chrome: sidebar (or mobile drawer), navbar, banners, main area, footer. */
export function AppLayout({ items, children }: Props): ReactNode {
  const { pathname } = useLocation();
  const user = useTradeboardStore((state) => state.user);
  const sidebarMode = useTradeboardStore((state) => state.sidebarMode);
  const toggleSidebarMode = useTradeboardStore((state) => state.toggleSidebarMode);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const banners = useBanners();
  const mini = sidebarMode === 'mini';
  const owned = useRemoteRegistry((state) => ownerOf(state.remotes, pathname) !== undefined);
  const title = pageTitle(items, pathname, owned);

  const brand = (compact: boolean, onNavigate?: () => void) => (
    <a href="/home" className="tb-brand" onClick={(event) => handleAppLink(event, onNavigate)} aria-label="Tradeboard home">
      <Logo compact={compact} />
    </a>
  );

  return (
    <Layout className="tb-layout" hasSider={!isMobile}>
      <a className="tb-skip" href="#main">
        Skip to main content
      </a>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={closeDrawer}
          size={SIDEBAR_FULL_WIDTH}
          closable={false}
          styles={{ body: { padding: 0 } }}
          title={null}
        >
          <nav aria-label="Main navigation" className="tb-drawer-nav">
            {brand(false, closeDrawer)}
            <div className="tb-nav">
              <SidebarNav items={items} collapsed={false} onNavigate={closeDrawer} />
            </div>
          </nav>
        </Drawer>
      ) : (
        <Layout.Sider
          className={`tb-sider${mini ? ' tb-sider-mini' : ''}`}
          width={SIDEBAR_FULL_WIDTH}
          collapsedWidth={SIDEBAR_MINI_WIDTH}
          collapsed={mini}
          trigger={null}
          collapsible
          theme="light"
        >
          <nav aria-label="Main navigation" className="tb-sider-nav">
            {brand(mini)}
            <div className="tb-nav">
              <SidebarNav items={items} collapsed={mini} />
            </div>
          </nav>
          <Button
            className="tb-sider-toggle"
            shape="circle"
            size="small"
            icon={mini ? <RightOutlined aria-hidden /> : <LeftOutlined aria-hidden />}
            onClick={toggleSidebarMode}
            aria-label={mini ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!mini}
          />
        </Layout.Sider>
      )}
      <Layout className="tb-body">
        {user?.isImpersonating ? <ImpersonationBar viewed={user.fullName || user.email} /> : null}
        <header className="tb-header">
          {isMobile ? (
            <Button
              type="text"
              icon={<MenuOutlined aria-hidden />}
              onClick={() => setDrawerOpen(true)}
              aria-label="Open menu"
              aria-expanded={drawerOpen}
            />
          ) : null}
          <p className="tb-header-title">{title}</p>
          <span className="tb-header-spacer" />
          <CommandPaletteButton compact={isMobile} />
          <ProfileMenu />
        </header>
        {banners.toggles && user ? <TogglesBanner user={user} /> : null}
        {banners.release ? <ReleaseBanner onClose={banners.dismissRelease} /> : null}
        <div className="tb-spacer" style={{ height: mainSpacer(banners.toggles, banners.release) }} aria-hidden />
        <main id="main" className="tb-main" tabIndex={-1}>
          {children}
        </main>
        <AppFooter />
      </Layout>
    </Layout>
  );
}
