import type pg from 'pg';
import type { Db } from '../db/database.ts';
import { SECTION_IDS } from '@tradeboard/shared/constants';
import type { ComponentConfig } from '@tradeboard/shared/contracts';
import { buildCards, type BoardDefinition } from '../boards/board-content.ts';
import { inTransaction } from '../boards/board-access.ts';
import { COMPONENT_CATALOGUE } from './component-catalogue-all.ts';
import { DOCUMENT_LINKS_COMPONENT_ID, NOTES_COMPONENT_ID } from './component-catalogue.ts';
import { SALES_GOAL_COMPONENT_ID } from './component-catalogue-goals.ts';
import { HOME_DASHBOARD, layoutCards, SECTION_BOARDS } from './component-catalogue-boards.ts';

const notes = (text: string): ComponentConfig => ({ displayConfigs: [{ controlName: 'text', controlValue: text }] });
const links = (items: Array<{ title: string; url: string }>): ComponentConfig => ({
  displayConfigs: [{ controlName: 'links', controlValue: JSON.stringify(items) }],
});
type Card = NonNullable<BoardDefinition['cards']>[number];
/** A card of one Document Links component. */
const linksCard = (cardName: string, layout: Card['layout'], componentInstanceName: string, items: Array<{ title: string; url: string }>): Card => ({
  cardName,
  layout,
  componentInstances: [{ componentMasterId: DOCUMENT_LINKS_COMPONENT_ID, componentInstanceName, configs: links(items) }],
});

const GETTING_STARTED: BoardDefinition = {
  cards: [
    {
      cardName: 'Getting started',
      componentInstances: [
        {
          componentMasterId: NOTES_COMPONENT_ID,
          componentInstanceName: 'How Tradeboard works',
          configs: notes(
            'Tradeboard puts your sales, orders, quotes and customers on boards. Each section of the menu holds boards; ' +
              'a board holds cards; a card holds components. Turn on edit mode in your profile menu, add a card, then ' +
              'open the Component Library to put components on it. Rename this board and make it yours.',
          ),
        },
      ],
    },
  ],
};

const WELCOME_HEIGHT = 5;
const HOME_CARDS = layoutCards(HOME_DASHBOARD, WELCOME_HEIGHT);
const homeBottom = Math.max(...HOME_CARDS.map((c) => c.layout!.y + c.layout!.h));

/** The home board everybody sees first: a welcome, this month's numbers, then the team's links. */
const WELCOME: BoardDefinition = {
  cards: [
    {
      cardName: 'Welcome',
      layout: { x: 0, y: 0, w: 12, h: WELCOME_HEIGHT },
      componentInstances: [
        {
          componentMasterId: NOTES_COMPONENT_ID,
          componentInstanceName: 'Welcome to Northwind',
          configs: notes(
            'Welcome to Tradeboard, Northwind Industrial Supply! Your boards live in the sections of the menu. ' +
              'Copy this board to start your own, or ask your manager to share the team boards with you.',
          ),
        },
      ],
    },
    ...HOME_CARDS,
    linksCard('Useful links', { x: 0, y: homeBottom, w: 12, h: 8 }, 'Documents', [
      { title: 'Price book 2026', url: 'https://docs.tradeboard.example/price-book-2026.pdf' },
      { title: 'Product catalogue', url: 'https://docs.tradeboard.example/catalogue' },
      { title: 'Returns policy', url: 'https://docs.tradeboard.example/returns' },
    ]),
  ],
};

/** The second organization's own home board: what the organization switch shows (issue 25). */
const CONTOSO_WELCOME: BoardDefinition = {
  cards: [
    {
      cardName: 'Welcome',
      layout: { x: 0, y: 0, w: 12, h: WELCOME_HEIGHT },
      componentInstances: [
        {
          componentMasterId: NOTES_COMPONENT_ID,
          componentInstanceName: 'Welcome to Contoso',
          configs: notes('Welcome to Tradeboard, Contoso Electric! This board belongs to Contoso: Northwind users do not see it.'),
        },
      ],
    },
  ],
};

const MY_DAY: BoardDefinition = {
  cards: [
    {
      cardName: 'Today',
      componentInstances: [
        { componentMasterId: NOTES_COMPONENT_ID, componentInstanceName: 'Call list', configs: notes('Call Acme Fasteners about the Q3 reorder.') },
      ],
    },
    {
      cardName: 'My goal',
      componentInstances: [
        {
          componentMasterId: SALES_GOAL_COMPONENT_ID,
          componentInstanceName: 'Sales goal',
          configs: { displayConfigs: [{ controlName: 'goalKind', controlValue: 'Sales' }, { controlName: 'groupBy', controlValue: 'SalesRep' }] },
        },
      ],
    },
  ],
};

const PIPELINE: BoardDefinition = {
  cards: [
    {
      cardName: 'Opportunities',
      componentInstances: [
        { componentMasterId: NOTES_COMPONENT_ID, componentInstanceName: 'Pipeline notes', configs: notes('Bolt & Nut Co: quote sent, follow up Friday.') },
      ],
    },
    {
      cardName: 'Sales documents',
      componentInstances: [
        {
          componentMasterId: DOCUMENT_LINKS_COMPONENT_ID,
          componentInstanceName: 'Price lists',
          configs: links([{ title: 'Contractor price list', url: 'https://docs.tradeboard.example/contractor-prices' }]),
        },
      ],
    },
  ],
};

async function userId(client: pg.PoolClient, email: string): Promise<number> {
  const { rows } = await client.query<{ id: number }>('SELECT user_master_id AS id FROM app.user_master WHERE email = $1 AND home_user_master_id IS NULL', [email]);
  return rows[0]!.id;
}

async function board(client: pg.PoolClient, owner: number, section: number, name: string, isPublic: boolean, definition: BoardDefinition) {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO app.board_master (board_name, section_master_id, created_by, is_public) VALUES ($1, $2, $3, $4)
     RETURNING board_master_id AS id`,
    [name, section, owner, isPublic],
  );
  await buildCards(client, rows[0]!.id, definition);
  return rows[0]!.id;
}

/**
 * The component catalogue, upserted by id (the catalogue is product data: its configs win), and
 * its role exclusions (added, never removed: an administrator's own exclusions stay).
 */
export async function upsertComponentCatalogue(client: pg.PoolClient): Promise<void> {
  await client.query(
    `INSERT INTO app.component_master (component_master_id, display_name, description, component_type, component_category,
                                       has_visual, has_kpi, show_in_component_library, renderer, configs)
     SELECT m.id, m."displayName", m.description, m."componentType", m."componentCategory",
            m."hasVisual", m."hasKpi", m."showInComponentLibrary", m.renderer, m.configs
       FROM jsonb_to_recordset($1::jsonb) AS m(id int, "displayName" text, description text, "componentType" text,
                                               "componentCategory" text, "hasVisual" bool, "hasKpi" bool,
                                               "showInComponentLibrary" bool, renderer text, configs jsonb)
     ON CONFLICT (component_master_id) DO UPDATE
        SET display_name = EXCLUDED.display_name, description = EXCLUDED.description, component_type = EXCLUDED.component_type,
            component_category = EXCLUDED.component_category, has_visual = EXCLUDED.has_visual, has_kpi = EXCLUDED.has_kpi,
            show_in_component_library = EXCLUDED.show_in_component_library, renderer = EXCLUDED.renderer, configs = EXCLUDED.configs`,
    [JSON.stringify(COMPONENT_CATALOGUE)],
  );
  const exclusions = COMPONENT_CATALOGUE.flatMap((m) => (m.excludedRoles ?? []).map((role) => ({ id: m.id, role })));
  await client.query(
    `INSERT INTO app.component_role_exclusion (role_master_id, component_master_id)
     SELECT r.role_master_id, e.id FROM jsonb_to_recordset($1::jsonb) AS e(id int, role text)
       JOIN app.role_master r ON r.role_name = e.role
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(exclusions)],
  );
}

/** Help's board: how Tradeboard works, where to start, and the documents a new user looks for. */
const HELP: BoardDefinition = {
  cards: [
    {
      cardName: 'Getting started',
      layout: { x: 0, y: 0, w: 7, h: 14 },
      componentInstances: [
        {
          componentMasterId: NOTES_COMPONENT_ID,
          componentInstanceName: 'Getting started',
          configs: notes(
            'Every section of the menu opens on a board of cards, and each card holds components: lists, charts, KPIs and notes. ' +
              'Click a customer, an item or a document in any list to drill through to its page; the account summary shows ' +
              "one account's figures, the item detail one item's. Search, sort, page and export any list to Excel from its toolbar. " +
              'To make a board your own, copy it from Manage Boards, turn on edit mode in your profile menu, and add components ' +
              'from the Component Library. In Manage Boards, set the board each section opens on for you.',
          ),
        },
      ],
    },
    linksCard('Help and documents', { x: 7, y: 0, w: 5, h: 14 }, 'Help and documents', [
      { title: 'Tradeboard user guide', url: 'https://docs.tradeboard.example/user-guide' },
      { title: 'Boards, cards and components', url: 'https://docs.tradeboard.example/boards' },
      { title: 'Price book 2026', url: 'https://docs.tradeboard.example/price-book-2026.pdf' },
      { title: 'Returns policy', url: 'https://docs.tradeboard.example/returns' },
    ]),
  ],
};

/** Every section's default board but home's (the Welcome board): the catalogue's section boards and help's. */
export const DEFAULT_BOARDS: ReadonlyArray<{ sectionMasterId: number; boardName: string; roles?: readonly string[]; definition: BoardDefinition }> = [
  ...SECTION_BOARDS.map(({ cards, ...section }) => ({ ...section, definition: { cards: layoutCards(cards) } })),
  { sectionMasterId: SECTION_IDS.help, boardName: 'Help', definition: HELP },
];

/**
 * The default board, owned by the site administrator, of each section but home that has no board
 * his organization shares (public or with a role): a database seeded before a section got its
 * board gets it on the next start, and a section whose shared boards were all deleted gets it back.
 */
async function seedSectionBoards(client: pg.PoolClient, admin: number): Promise<void> {
  const { rows: shared } = await client.query<{ section: number }>(
    `SELECT DISTINCT b.section_master_id AS section
       FROM app.board_master b
       JOIN app.user_master o ON o.user_master_id = b.created_by
       JOIN app.user_master a ON a.user_master_id = $1 AND a.customer_master_id = o.customer_master_id
      WHERE b.is_public OR EXISTS (SELECT 1 FROM app.board_master_x_role_master r WHERE r.board_master_id = b.board_master_id)`,
    [admin],
  );
  for (const section of DEFAULT_BOARDS) {
    if (shared.some((b) => b.section === section.sectionMasterId)) continue;
    const id = await board(client, admin, section.sectionMasterId, section.boardName, !section.roles, section.definition);
    await client.query(
      `INSERT INTO app.board_master_x_role_master (board_master_id, role_master_id, can_edit)
       SELECT $1, role_master_id, false FROM app.role_master WHERE role_name = ANY($2::text[])`,
      [id, section.roles ?? []],
    );
  }
}

/**
 * Organization switching in the demo: admin@ is a SiteAdmin member of the single sign-on
 * organization (once: an ended membership is not brought back), and that organization has its own
 * public home board, owned by its user sso@ (again when all were deleted).
 */
async function seedOrganizationSwitch(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ admin: number; sso: number; organization: number; member: boolean; homeBoard: boolean }>(
    `SELECT a.user_master_id AS admin, s.user_master_id AS sso, s.customer_master_id AS organization,
            EXISTS (SELECT 1 FROM app.user_master m WHERE m.home_user_master_id = a.user_master_id AND m.customer_master_id = s.customer_master_id) AS member,
            EXISTS (SELECT 1 FROM app.board_master b JOIN app.user_master o ON o.user_master_id = b.created_by
                     WHERE o.customer_master_id = s.customer_master_id AND b.section_master_id = $1 AND b.is_public) AS "homeBoard"
       FROM app.user_master a, app.user_master s
      WHERE a.email = 'admin@tradeboard.example' AND a.home_user_master_id IS NULL AND s.email = 'sso@tradeboard.example' AND s.home_user_master_id IS NULL
        AND a.customer_master_id <> s.customer_master_id`,
    [SECTION_IDS.home],
  );
  const demo = rows[0];
  if (!demo) return;
  if (!demo.member) {
    await client.query(
      `INSERT INTO app.user_master (email, full_name, login_type, role_master_id, customer_master_id, sales_rep, organization_user, home_user_master_id)
       SELECT a.email, a.full_name, 'MEMBER', a.role_master_id, $2, a.sales_rep, true, a.user_master_id FROM app.user_master a WHERE a.user_master_id = $1`,
      [demo.admin, demo.organization],
    );
  }
  if (!demo.homeBoard) await board(client, demo.sso, SECTION_IDS.home, 'Contoso Welcome', true, CONTOSO_WELCOME);
}

/** The catalogue, the home template, the default section boards and the demo boards; runs inside seedApplication's transaction. */
export async function seedBoards(client: pg.PoolClient): Promise<void> {
  await upsertComponentCatalogue(client);
  await client.query(
    'INSERT INTO app.board_template (board_template_name, section_master_id, definition) VALUES ($1, $2, $3)',
    ['Getting started', SECTION_IDS.home, JSON.stringify(GETTING_STARTED)],
  );
  const admin = await userId(client, 'admin@tradeboard.example');
  const rep = await userId(client, 'rep@tradeboard.example');
  const rep2 = await userId(client, 'rep2@tradeboard.example');
  await board(client, admin, SECTION_IDS.home, 'Welcome', true, WELCOME);
  await seedSectionBoards(client, admin);
  await seedOrganizationSwitch(client);
  const myDay = await board(client, rep, SECTION_IDS.home, 'My Day', false, MY_DAY);
  const pipeline = await board(client, rep, SECTION_IDS.sales, 'Pipeline', false, PIPELINE);
  await client.query('INSERT INTO app.board_user_default (user_master_id, section_master_id, board_master_id) VALUES ($1, $2, $3)', [
    rep,
    SECTION_IDS.home,
    myDay,
  ]);
  await client.query('INSERT INTO app.board_master_x_user_master (board_master_id, user_master_id, can_edit) VALUES ($1, $2, false)', [
    pipeline,
    rep2,
  ]);
  await client.query(
    `INSERT INTO app.board_master_x_role_master (board_master_id, role_master_id, can_edit)
     SELECT $1, role_master_id, true FROM app.role_master WHERE role_name = 'Manager'`,
    [pipeline],
  );
}

/**
 * On a database seeded earlier: the catalogue is upserted on every start; a database without
 * any master gets the demo boards once; one seeded before the ERP catalogue existed gets home's
 * data cards as a "Dashboard" board beside its Welcome board; and the default section boards it
 * lacks are added.
 */
export async function updateBoardsSeed(db: Db): Promise<void> {
  const { rows } = await db.query<{ demoUsers: boolean; noMasters: boolean; noCatalogue: boolean }>(
    `SELECT (SELECT count(*) FROM app.user_master
              WHERE email IN ('admin@tradeboard.example', 'rep@tradeboard.example', 'rep2@tradeboard.example') AND home_user_master_id IS NULL) = 3 AS "demoUsers",
            NOT EXISTS (SELECT 1 FROM app.component_master) AS "noMasters",
            NOT EXISTS (SELECT 1 FROM app.component_master WHERE component_master_id = ANY($1::int[])) AS "noCatalogue"`,
    [COMPONENT_CATALOGUE.filter((m) => m.id !== NOTES_COMPONENT_ID && m.id !== DOCUMENT_LINKS_COMPONENT_ID).map((m) => m.id)],
  );
  const { demoUsers, noMasters, noCatalogue } = rows[0]!;
  await inTransaction(db, async (client) => {
    if (demoUsers && noMasters) return seedBoards(client);
    await upsertComponentCatalogue(client);
    if (!demoUsers) return;
    const admin = await userId(client, 'admin@tradeboard.example');
    if (noCatalogue) await board(client, admin, SECTION_IDS.home, 'Dashboard', true, { cards: layoutCards(HOME_DASHBOARD) });
    await seedSectionBoards(client, admin);
    await seedOrganizationSwitch(client);
  });
}
