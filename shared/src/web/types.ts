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
  /**
   * Modules the remote offers to other apps' pages, by slot (slot name → exposed module), e.g.
   * `commandPalette` (the shell's navbar search, props { open, onClose }) or `sectionHeader` (what a
   * section page shows above its board, props { sectionName, search }) or `activityEditor` (the CRM's
   * activity editor as a slide-over, props ActivityEditorProps of mf-crm: { open, onClose, company,
   * accountType, accountId, accountName, onSaved }), `opportunityEditor` and `contactEditor` (the
   * CRM's contact editor, props ContactEditorProps of mf-crm: { open, onClose, account | contact,
   * onSaved }). The host of a slot loads the
   * module with the Module Federation runtime when it is needed; a remote that is off fills no slot.
   */
  slots?: RemoteSlots;
  /**
   * The sections where a section slot is filled (slot name → section names), e.g. the CRM's
   * `sectionHeader` only on accountSummary, contacts and contactSummary: on any other section the
   * remote's code is not loaded at all. A slot not listed is filled on every section.
   */
  slotSections?: RemoteSlotSections;
  /** Board component renderers the remote contributes: a master's `renderer` key → exposed module. */
  renderers?: Record<string, string>;
};

/** The slots a remote may fill (RemoteManifest.slots). */
export type RemoteSlotName = 'commandPalette' | 'sectionHeader' | 'activityEditor' | 'opportunityEditor' | 'contactEditor';
export type RemoteSlots = Partial<Record<RemoteSlotName, string>>;
export type RemoteSlotSections = Partial<Record<RemoteSlotName, string[]>>;
