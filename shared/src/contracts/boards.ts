import { Type, type Static } from 'typebox';
import { defineContract } from './contract.ts';
import { BoundedNumber, ErrorBody, Int4, NoContent, RowId } from './common.ts';

// Seed 000 §3 entities; seed 001 §7.2 and §7.7 calls. Names are the contract: keep them.

const Id = RowId;
const IdParam = (name: string) => Type.Object({ [name]: Id });
const Name = Type.String({ minLength: 1, maxLength: 100 });

export const Board = Type.Object({
  boardMasterId: Id,
  boardName: Type.String(),
  sectionMasterId: Type.Integer(),
  createdBy: Type.Integer(),
  /** The owner's full name, shown in the Shared Boards table. */
  createdByName: Type.String(),
  isBoardOwner: Type.Boolean(),
  isBoardDefault: Type.Boolean(),
  canEdit: Type.Boolean(),
  isPublic: Type.Boolean(),
  /** false once disabled by Board/Update; only the owner still sees a disabled board. */
  isEnabled: Type.Boolean(),
  /** Not his own: shared with the user or one of his roles, or public. Shows the share icon. */
  isShared: Type.Boolean(),
  /** Shared with anyone (for the owner's share icon and the copy-shares question). */
  hasShares: Type.Boolean(),
});
export type Board = Static<typeof Board>;

export const BoardTemplate = Type.Object({ boardTemplateId: Id, boardTemplateName: Type.String() });

export const BoardUserShare = Type.Object({
  userMasterId: Id,
  fullName: Type.String(),
  email: Type.String(),
  /** null means not shared. */
  boardMasterXUserMasterId: Type.Union([Id, Type.Null()]),
  canEdit: Type.Boolean(),
});

export const BoardRoleShare = Type.Object({
  roleMasterId: Id,
  roleName: Type.String(),
  /** null means not shared. */
  boardMasterXRoleMasterId: Type.Union([Id, Type.Null()]),
  canEdit: Type.Boolean(),
});

/** Seed 000 §3 "Filter". */
export const Filter = Type.Object({
  field: Type.String({ maxLength: 100 }),
  comparison: Type.Union([Type.Literal('include'), Type.Literal('equals')]),
  values: Type.Array(Type.Union([Type.String({ maxLength: 500 }), BoundedNumber(), Type.Boolean()]), { maxItems: 1000 }),
  group: Type.Optional(Type.String({ maxLength: 100 })),
  calculation: Type.Optional(Type.String({ maxLength: 50 })),
  controlName: Type.Optional(Type.String({ maxLength: 100 })),
});
export type Filter = Static<typeof Filter>;

/** A chart view of the data call's rows (docs/component-config.md). */
export const DatasetTab = Type.Object({
  title: Type.String({ maxLength: 100 }),
  chartType: Type.Union([Type.Literal('column'), Type.Literal('bar'), Type.Literal('line'), Type.Literal('area'), Type.Literal('pie')]),
  xField: Type.String({ maxLength: 100 }),
  yFields: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 10 }),
});

export const ColumnFormat = Type.Union([
  Type.Literal('money'),
  Type.Literal('percent'),
  Type.Literal('number'),
  Type.Literal('integer'),
  Type.Literal('date'),
  Type.Literal('text'),
]);

export const ColumnLink = Type.Union([
  Type.Literal('account'),
  Type.Literal('invoice'),
  Type.Literal('order'),
  Type.Literal('quote'),
  Type.Literal('purchaseOrder'),
  Type.Literal('item'),
  Type.Literal('supplier'),
]);

/** Seed 000 §3 "Component config". Every part is optional; renderers read what they need. */
export const ComponentConfig = Type.Object({
  id: Type.Optional(Type.Union([Int4(), Type.String({ maxLength: 100 })])),
  outputModel: Type.Optional(Type.String({ maxLength: 100 })),
  dataConfig: Type.Optional(
    Type.Object({
      queryString: Type.Optional(Type.String({ maxLength: 2000 })),
      queryParams: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      pathParams: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      sortBy: Type.Optional(Type.String({ maxLength: 100 })),
      sortDir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
      isVisible: Type.Optional(Type.Boolean()),
      filterConfigs: Type.Optional(Type.Array(Filter, { maxItems: 100 })),
      queryOptionConfigs: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
    }),
  ),
  chartConfig: Type.Optional(
    Type.Object({
      isVisible: Type.Optional(Type.Boolean()),
      defaultTabIndex: Type.Optional(Int4({ minimum: 0 })),
      datasetTabs: Type.Optional(Type.Array(DatasetTab, { maxItems: 50 })),
    }),
  ),
  columnConfigs: Type.Optional(
    Type.Array(
      Type.Object({
        dataSource: Type.String({ maxLength: 100 }),
        displayOrder: Int4(),
        isVisible: Type.Boolean(),
        title: Type.Optional(Type.String({ maxLength: 200 })),
        /** How cells show: money = US dollars, 0 decimals (docs/component-config.md). */
        format: Type.Optional(ColumnFormat),
        /** Cells drill through to this kind of page (the account summary, a document, an item). */
        link: Type.Optional(ColumnLink),
      }),
      { maxItems: 200 },
    ),
  ),
  kpiConfig: Type.Optional(
    Type.Object({
      isVisible: Type.Optional(Type.Boolean()),
      /** The KPI call's path under /api (e.g. /Invoice/KPI); its dateSlug defaults to the data call's. */
      queryString: Type.Optional(Type.String({ maxLength: 2000 })),
      pathParams: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      queryParams: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
  ),
  displayConfigs: Type.Optional(
    Type.Array(Type.Object({ controlName: Type.String({ maxLength: 100 }), controlValue: Type.String({ maxLength: 20000 }) }), {
      maxItems: 100,
    }),
  ),
  searchConfig: Type.Optional(Type.Object({ isVisible: Type.Optional(Type.Boolean()) })),
});
export type ComponentConfig = Static<typeof ComponentConfig>;

export const ComponentType = Type.Union([
  Type.Literal('List'),
  Type.Literal('Comparison'),
  Type.Literal('Summary'),
  Type.Literal('Analysis'),
]);

export const ComponentMaster = Type.Object({
  id: Id,
  displayName: Type.String(),
  description: Type.String(),
  componentType: ComponentType,
  componentCategory: Type.String(),
  hasVisual: Type.Boolean(),
  hasKpi: Type.Boolean(),
  showInComponentLibrary: Type.Boolean(),
  logoMasterId: Type.Union([Type.Integer(), Type.Null()]),
  /** The renderer key a remote's manifest maps to an exposed module (DESIGN §3). */
  renderer: Type.String(),
  configs: ComponentConfig,
});
export type ComponentMaster = Static<typeof ComponentMaster>;

export const ComponentInstance = Type.Object({
  componentInstanceId: Id,
  componentInstanceName: Type.String(),
  componentMasterId: Id,
  displayOrder: Type.Integer(),
  cardMasterId: Id,
  configs: ComponentConfig,
});
export type ComponentInstance = Static<typeof ComponentInstance>;

/** Where a card sits in the board's grid (react-grid-layout units); null until first placed. */
export const CardLayout = Type.Object({
  x: Type.Integer({ minimum: 0, maximum: 100 }),
  y: Type.Integer({ minimum: 0, maximum: 10_000 }),
  w: Type.Integer({ minimum: 1, maximum: 100 }),
  h: Type.Integer({ minimum: 1, maximum: 1_000 }),
});

export const Card = Type.Object({
  cardMasterId: Id,
  cardName: Type.String(),
  displayOrder: Type.Integer(),
  isExpanded: Type.Boolean(),
  boardMasterId: Id,
  layout: Type.Union([CardLayout, Type.Null()]),
  componentInstances: Type.Array(ComponentInstance),
});
export type Card = Static<typeof Card>;

/** Everything a board page needs in one answer. */
export const DynamicPage = Type.Object({
  board: Board,
  cards: Type.Array(Card),
  /** The masters of the components on the page. */
  components: Type.Array(ComponentMaster),
});

const BoardParams = IdParam('boardMasterId');
const SectionParams = Type.Object({ sectionMasterId: RowId });
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

// ── Boards ────────────────────────────────────────────────────────────────────

export const boardList = defineContract({
  method: 'GET',
  path: '/Board/List/{sectionMasterId}',
  service: 'boards',
  access: 'session',
  summary: "The section's boards the user may see (own, shared with him or his roles, public), in his order",
  params: SectionParams,
  response: { 200: Type.Array(Board), ...errors },
});

export const boardAll = defineContract({
  method: 'GET',
  path: '/Board/All',
  service: 'boards',
  access: 'session',
  summary: 'Every board the user may see, in every section (for the sidebar)',
  response: { 200: Type.Array(Board) },
});

export const boardGet = defineContract({
  method: 'GET',
  path: '/Board/{boardMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'One board',
  params: BoardParams,
  response: { 200: Board, ...errors },
});

export const boardAdd = defineContract({
  method: 'POST',
  path: '/Board/Add',
  service: 'boards',
  access: 'session',
  summary: 'Creates a board in a section (needs AllowPageEditing)',
  body: Type.Object({ sectionId: SectionParams.properties.sectionMasterId, boardName: Name }, { additionalProperties: false }),
  response: { 200: Board, ...errors },
});

export const boardUpdate = defineContract({
  method: 'POST',
  path: '/Board/Update',
  service: 'boards',
  access: 'session',
  summary: 'Renames or enables/disables a board (owner or canEdit)',
  body: Type.Object({ id: Id, isEnabled: Type.Boolean(), boardName: Name }, { additionalProperties: false }),
  response: { 200: Board, ...errors },
});

export const boardRemove = defineContract({
  method: 'POST',
  path: '/Board/Remove/{boardMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'Deletes a board with its cards, components and shares (owner only)',
  params: BoardParams,
  response: { 204: NoContent, ...errors },
});

export const boardCopy = defineContract({
  method: 'POST',
  path: '/Board/CopyBoard',
  service: 'boards',
  access: 'session',
  summary: "Copies a board the user may see into his own boards, with its cards, components and, if asked, shares",
  body: Type.Object({ boardMasterId: Id, copyShares: Type.Boolean() }, { additionalProperties: false }),
  response: { 200: Board, ...errors },
});

export const boardTemplateList = defineContract({
  method: 'GET',
  path: '/BoardTemplate/List/{sectionMasterId}',
  service: 'boards',
  access: 'session',
  summary: "The section's board templates; an empty list is 404 (seed §5)",
  params: SectionParams,
  response: { 200: Type.Array(BoardTemplate), ...errors },
});

export const boardCreateFromTemplate = defineContract({
  method: 'POST',
  path: '/Board/CreateBoardFromBoardTemplate',
  service: 'boards',
  access: 'session',
  summary: 'Creates a board from a template',
  body: Type.Object({ boardTemplateId: Id, boardName: Name, isPublic: Type.Boolean() }, { additionalProperties: false }),
  response: { 200: Board, ...errors },
});

export const boardSetDefault = defineContract({
  method: 'POST',
  path: '/Board/SetDefault/{sectionMasterId}/{boardMasterId}',
  service: 'boards',
  access: 'session',
  summary: "Makes a board the user's default for its section (exactly one per section)",
  params: Type.Object({ sectionMasterId: SectionParams.properties.sectionMasterId, boardMasterId: Id }),
  response: { 204: NoContent, ...errors },
});

export const boardRemoveDefault = defineContract({
  method: 'DELETE',
  path: '/Board/RemoveDefault/{boardMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'Removes the default mark from a board',
  params: BoardParams,
  response: { 204: NoContent, ...errors },
});

export const boardDisplayAdd = defineContract({
  method: 'POST',
  path: '/Board/User/Display/Add',
  service: 'boards',
  access: 'session',
  summary: "Saves the user's board order for a section (displayOrder: a JSON array of board ids)",
  body: Type.Object(
    { sectionMasterId: SectionParams.properties.sectionMasterId, displayOrder: Type.String({ maxLength: 20_000 }) },
    { additionalProperties: false },
  ),
  response: { 204: NoContent, ...errors },
});

export const boardDisplayGet = defineContract({
  method: 'GET',
  path: '/Board/User/Display/Get',
  service: 'boards',
  access: 'session',
  summary: "The user's saved board order for a section (as saved, possibly corrupt: the client falls back)",
  querystring: Type.Object({ sectionMasterId: SectionParams.properties.sectionMasterId }),
  response: {
    200: Type.Object({ sectionMasterId: Type.Integer(), displayOrder: Type.Union([Type.String(), Type.Null()]) }),
    ...errors,
  },
});

// ── Shares ────────────────────────────────────────────────────────────────────

export const boardUserShareList = defineContract({
  method: 'GET',
  path: '/Board/User/Share/List/{boardMasterId}',
  service: 'boards',
  access: 'session',
  summary: "Every user of the organization with the board's share (null id = not shared)",
  params: BoardParams,
  response: { 200: Type.Array(BoardUserShare), ...errors },
});

export const boardUserShareAdd = defineContract({
  method: 'POST',
  path: '/Board/User/Share/Add',
  service: 'boards',
  access: 'session',
  summary: 'Shares a board with a user (owner or canEdit)',
  body: Type.Object({ boardMasterId: Id, userMasterId: Id, canEdit: Type.Boolean() }, { additionalProperties: false }),
  response: { 200: BoardUserShare, ...errors },
});

export const boardUserShareUpdate = defineContract({
  method: 'POST',
  path: '/Board/User/Share/Update',
  service: 'boards',
  access: 'session',
  summary: "Changes a user share's canEdit",
  body: Type.Object({ boardMasterXUserMasterId: Id, canEdit: Type.Boolean() }, { additionalProperties: false }),
  response: { 200: BoardUserShare, ...errors },
});

export const boardUserShareRemove = defineContract({
  method: 'POST',
  path: '/Board/User/Share/Remove/{boardMasterXUserMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'Removes a user share',
  params: IdParam('boardMasterXUserMasterId'),
  response: { 204: NoContent, ...errors },
});

export const boardRoleShareList = defineContract({
  method: 'GET',
  path: '/Board/Role/Share/List/{boardMasterId}',
  service: 'boards',
  access: 'session',
  summary: "Every role with the board's share (null id = not shared)",
  params: BoardParams,
  response: { 200: Type.Array(BoardRoleShare), ...errors },
});

export const boardRoleShareAdd = defineContract({
  method: 'POST',
  path: '/Board/Role/Share/Add',
  service: 'boards',
  access: 'session',
  summary: 'Shares a board with a role (owner or canEdit)',
  body: Type.Object({ boardMasterId: Id, roleMasterId: Id, canEdit: Type.Boolean() }, { additionalProperties: false }),
  response: { 200: BoardRoleShare, ...errors },
});

export const boardRoleShareUpdate = defineContract({
  method: 'POST',
  path: '/Board/Role/Share/Update',
  service: 'boards',
  access: 'session',
  summary: "Changes a role share's canEdit",
  body: Type.Object({ boardMasterXRoleMasterId: Id, canEdit: Type.Boolean() }, { additionalProperties: false }),
  response: { 200: BoardRoleShare, ...errors },
});

export const boardRoleShareRemove = defineContract({
  method: 'POST',
  path: '/Board/Role/Share/Remove/{boardMasterXRoleMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'Removes a role share',
  params: IdParam('boardMasterXRoleMasterId'),
  response: { 204: NoContent, ...errors },
});

// ── Pages ─────────────────────────────────────────────────────────────────────

export const dynamicPage = defineContract({
  method: 'GET',
  path: '/DynamicPage/{boardMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'A board with its cards, component instances and their masters',
  params: BoardParams,
  response: { 200: DynamicPage, ...errors },
});

export const dynamicPageDefault = defineContract({
  method: 'GET',
  path: '/DynamicPage/Default/{sectionMasterId}',
  service: 'boards',
  access: 'session',
  summary: "The user's default board page of a section, else his first board in his order; 404 when he has none",
  params: SectionParams,
  response: { 200: DynamicPage, ...errors },
});

// ── Cards ─────────────────────────────────────────────────────────────────────

export const cardAdd = defineContract({
  method: 'POST',
  path: '/Card/Add',
  service: 'boards',
  access: 'session',
  summary: 'Adds a card at displayOrder, moving later cards down (needs canEdit)',
  body: Type.Object({ boardMasterId: Id, cardName: Name, displayOrder: Type.Integer({ minimum: 0, maximum: 10_000 }) }, { additionalProperties: false }),
  response: { 200: Card, ...errors },
});

export const cardUpdate = defineContract({
  method: 'POST',
  path: '/Card/Update',
  service: 'boards',
  access: 'session',
  summary: 'Renames a card',
  body: Type.Object(
    { boardMasterId: Id, cardMasterId: Id, cardName: Name, displayOrder: Type.Integer({ minimum: 0, maximum: 10_000 }) },
    { additionalProperties: false },
  ),
  response: { 200: Card, ...errors },
});

export const cardRemove = defineContract({
  method: 'POST',
  path: '/Card/Remove/{cardMasterId}',
  service: 'boards',
  access: 'session',
  summary: 'Removes a card and its component instances',
  params: IdParam('cardMasterId'),
  response: { 204: NoContent, ...errors },
});

export const cardSequence = defineContract({
  method: 'POST',
  path: '/Card/Sequence/{cardMasterId}/{sequence}',
  service: 'boards',
  access: 'session',
  summary: 'Moves a card to a position (0-based), shifting the others',
  params: Type.Object({ cardMasterId: Id, sequence: Type.Integer({ minimum: 0, maximum: 10_000 }) }),
  response: { 204: NoContent, ...errors },
});

export const cardExpandToggle = defineContract({
  method: 'POST',
  path: '/Card/ExpandToggle/{cardMasterId}/{isExpanded}',
  service: 'boards',
  access: 'session',
  summary: 'Saves whether a card is expanded',
  params: Type.Object({ cardMasterId: Id, isExpanded: Type.Boolean() }),
  response: { 204: NoContent, ...errors },
});

export const cardLayout = defineContract({
  method: 'POST',
  path: '/Card/Layout',
  service: 'boards',
  access: 'session',
  summary: "Saves where the board's cards sit in the grid (desktop layouts only)",
  body: Type.Object(
    {
      boardMasterId: Id,
      layouts: Type.Array(Type.Object({ cardMasterId: Id, ...CardLayout.properties }), { maxItems: 500 }),
    },
    { additionalProperties: false },
  ),
  response: { 204: NoContent, ...errors },
});

// ── Components ────────────────────────────────────────────────────────────────

export const componentList = defineContract({
  method: 'GET',
  path: '/Component/List/{sectionMasterId}',
  service: 'boards',
  access: 'session',
  summary: "The component library for a section: masters shown in the library and not excluded for the user's role",
  params: SectionParams,
  querystring: Type.Object({ search: Type.Optional(Type.String({ maxLength: 100 })) }),
  response: { 200: Type.Array(ComponentMaster), ...errors },
});

export const componentInstanceAdd = defineContract({
  method: 'POST',
  path: '/Component/Instance/Add',
  service: 'boards',
  access: 'session',
  summary: 'Adds a component to a card (last position)',
  body: Type.Object(
    {
      componentMasterId: Id,
      cardMasterId: Id,
      componentInstanceName: Name,
      configs: Type.Optional(ComponentConfig),
    },
    { additionalProperties: false },
  ),
  response: { 200: ComponentInstance, ...errors },
});

export const componentInstanceUpdate = defineContract({
  method: 'POST',
  path: '/Component/Instance/Update',
  service: 'boards',
  access: 'session',
  summary: 'Renames a component instance, moves it to another card of the board, or saves its configuration',
  body: Type.Object(
    {
      componentInstanceId: Id,
      componentInstanceName: Name,
      displayOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
      cardMasterId: Id,
      configs: ComponentConfig,
    },
    { additionalProperties: false },
  ),
  response: { 200: ComponentInstance, ...errors },
});

export const componentInstanceRemove = defineContract({
  method: 'POST',
  path: '/Component/Instance/Remove/{componentInstanceId}',
  service: 'boards',
  access: 'session',
  summary: 'Removes a component instance',
  params: IdParam('componentInstanceId'),
  response: { 204: NoContent, ...errors },
});

export const componentInstanceSequence = defineContract({
  method: 'POST',
  path: '/Component/Instance/Sequence/{componentInstanceId}/{sequence}',
  service: 'boards',
  access: 'session',
  summary: 'Moves a component instance to a position within its card',
  params: Type.Object({ componentInstanceId: Id, sequence: Type.Integer({ minimum: 0, maximum: 10_000 }) }),
  response: { 204: NoContent, ...errors },
});
