import type { BoardValue, CardValue, ComponentMasterValue, DynamicPageValue } from '../api/types.ts';

export function board(id: number, overrides: Partial<BoardValue> = {}): BoardValue {
  return {
    boardMasterId: id,
    boardName: `Board ${id}`,
    sectionMasterId: 3,
    createdBy: 1,
    createdByName: 'Ada Owner',
    isBoardOwner: true,
    isBoardDefault: false,
    canEdit: true,
    isPublic: false,
    isEnabled: true,
    isShared: false,
    hasShares: false,
    ...overrides,
  };
}

export function card(id: number, overrides: Partial<CardValue> = {}): CardValue {
  return { cardMasterId: id, cardName: `Card ${id}`, displayOrder: id, isExpanded: true, boardMasterId: 10, layout: null, componentInstances: [], ...overrides };
}

export function master(id: number, overrides: Partial<ComponentMasterValue> = {}): ComponentMasterValue {
  return {
    id,
    displayName: `Component ${id}`,
    description: 'Something useful',
    componentType: 'List',
    componentCategory: 'Sales',
    hasVisual: false,
    hasKpi: false,
    showInComponentLibrary: true,
    logoMasterId: null,
    renderer: `renderer${id}`,
    configs: {},
    ...overrides,
  };
}

export function page(b: BoardValue, cards: CardValue[], components: ComponentMasterValue[] = []): DynamicPageValue {
  return { board: b, cards, components };
}

export function user(settings: Record<string, string> = {}) {
  return {
    userMasterId: 1,
    organizationUser: false,
    isReleaseNotificationVisible: false,
    userName: 'ada',
    fullName: 'Ada Owner',
    email: 'ada@example.com',
    roleName: 'SiteAdmin',
    isImpersonating: false,
    customerMasterId: 1,
    customerName: 'Acme',
    editionMasterId: 1,
    erpMasterId: 1,
    settings: Object.entries({ AllowPageEditing: 'true', ...settings }).map(([settingName, settingValue]) => ({ settingName, settingValue })),
    toggles: [],
  };
}
