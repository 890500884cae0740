import type { Static } from 'typebox';
import type { SiteMenuItem, UserResult } from '@tradeboard/shared/contracts';

export type UserResultValue = Static<typeof UserResult>;
export type SiteMenuItemValue = Static<typeof SiteMenuItem>;

/** What a remote's `./manifest` module exports by default (DESIGN §3). */
export type RemoteManifest = {
  id: string;
  /** Path prefixes the remote owns, e.g. ['/login', '/logout']. */
  routes: string[];
  /** Routes usable without a session (rendered without the app chrome). */
  public?: boolean;
  /**
   * The exposed module the sidebar shows under the remote's expanded section (e.g. its boards), with
   * props { sectionName, route, onNavigate }.
   */
  sidebar?: string;
};
