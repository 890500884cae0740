import type { ComponentType } from 'react';
import type { Static } from 'typebox';
import type { ComponentConfig, ComponentInstance, ComponentMaster, Filter } from '@tradeboard/shared/contracts';

export type ComponentConfigValue = Static<typeof ComponentConfig>;
export type ComponentInstanceValue = Static<typeof ComponentInstance>;
export type ComponentMasterValue = Static<typeof ComponentMaster>;
export type FilterValue = Static<typeof Filter>;

/**
 * What a board hands every component renderer (DESIGN §3, issue 3 "The renderer contract").
 * A renderer is a React component exposed by a remote and declared in its manifest's `renderers`.
 */
export type ComponentRendererProps = {
  /** The instance on the card (id, name, card, saved configs). */
  instance: ComponentInstanceValue;
  /** The component master (display name, type, category, default configs). */
  master: ComponentMasterValue;
  /** The instance's working configuration: the saved one, or the master's when never saved. */
  config: ComponentConfigValue;
  /**
   * The request filters every component on the board applies: the page's implicit filters
   * (accountSummary / inventoryDetail query) merged with the global filters, by field.
   */
  filters: FilterValue[];
  /** Whether the board is in edit mode and the user may edit it (renderers show their editing tools). */
  editMode: boolean;
  /** Whether the user may change this board's components at all (the board's canEdit). */
  canEdit: boolean;
  /**
   * Saves the configuration (seed §4: only when it differs from the saved one; the board shows
   * "Save Changes" while it differs). Resolves when saved; rejects with the API error.
   */
  saveConfig: (config: ComponentConfigValue) => Promise<void>;
  /** Marks unsaved changes (the board shows the "Save Changes" button for this instance). */
  onConfigDraft?: (config: ComponentConfigValue | null) => void;
};

export type ComponentRenderer = ComponentType<ComponentRendererProps>;

/** A module a manifest's renderer entry points to: its default export is the renderer. */
export type RendererModule = { default: ComponentRenderer };

/** Manifest data: renderer key (a master's `renderer`) → the remote's exposed module ('./notes'). */
export type RendererDeclarations = Record<string, string>;
