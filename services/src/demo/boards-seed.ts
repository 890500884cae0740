import type pg from 'pg';
import type { Db } from '../db/database.ts';
import { SECTION_IDS } from '@tradeboard/shared/constants';
import type { ComponentConfig } from '@tradeboard/shared/contracts';
import { buildCards, type BoardDefinition } from '../boards/board-content.ts';

/** Built-in component masters that need no ERP data (the ERP catalogue takes other ids). */
export const NOTES_COMPONENT_ID = 1001;
export const DOCUMENT_LINKS_COMPONENT_ID = 1002;

const notes = (text: string): ComponentConfig => ({ displayConfigs: [{ controlName: 'text', controlValue: text }] });
const links = (items: Array<{ title: string; url: string }>): ComponentConfig => ({
  displayConfigs: [{ controlName: 'links', controlValue: JSON.stringify(items) }],
});

const COMPONENT_MASTERS = [
  {
    id: NOTES_COMPONENT_ID,
    displayName: 'Notes',
    description: 'Free text for the whole team: call plans, reminders, how-tos.',
    componentType: 'Summary',
    componentCategory: 'Productivity',
    renderer: 'notes',
    configs: notes(''),
  },
  {
    id: DOCUMENT_LINKS_COMPONENT_ID,
    displayName: 'Document Links',
    description: 'A list of links to price books, catalogues, shared drives and other documents.',
    componentType: 'List',
    componentCategory: 'Productivity',
    renderer: 'documentLinks',
    configs: links([]),
  },
];

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

const WELCOME: BoardDefinition = {
  cards: [
    {
      cardName: 'Welcome',
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
    {
      cardName: 'Useful links',
      componentInstances: [
        {
          componentMasterId: DOCUMENT_LINKS_COMPONENT_ID,
          componentInstanceName: 'Documents',
          configs: links([
            { title: 'Price book 2026', url: 'https://docs.tradeboard.example/price-book-2026.pdf' },
            { title: 'Product catalogue', url: 'https://docs.tradeboard.example/catalogue' },
            { title: 'Returns policy', url: 'https://docs.tradeboard.example/returns' },
          ]),
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
  const { rows } = await client.query<{ id: number }>('SELECT user_master_id AS id FROM app.user_master WHERE email = $1', [email]);
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

/** Component masters, the home template and the demo boards; runs inside seedApplication's transaction. */
export async function seedBoards(client: pg.PoolClient): Promise<void> {
  for (const m of COMPONENT_MASTERS) {
    await client.query(
      `INSERT INTO app.component_master (component_master_id, display_name, description, component_type, component_category,
                                         renderer, configs, show_in_component_library)
       VALUES ($1, $2, $3, $4, $5, $6, $7, true)`,
      [m.id, m.displayName, m.description, m.componentType, m.componentCategory, m.renderer, JSON.stringify(m.configs)],
    );
  }
  await client.query(
    'INSERT INTO app.board_template (board_template_name, section_master_id, definition) VALUES ($1, $2, $3)',
    ['Getting started', SECTION_IDS.home, JSON.stringify(GETTING_STARTED)],
  );
  const admin = await userId(client, 'admin@tradeboard.example');
  const rep = await userId(client, 'rep@tradeboard.example');
  const rep2 = await userId(client, 'rep2@tradeboard.example');
  await board(client, admin, SECTION_IDS.home, 'Welcome', true, WELCOME);
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

/** A database seeded before the boards migration gets its component masters and demo boards once. */
export async function seedBoardsIfMissing(db: Db): Promise<void> {
  const { rows } = await db.query<{ missing: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM app.component_master)
            AND (SELECT count(*) FROM app.user_master
                  WHERE email IN ('admin@tradeboard.example', 'rep@tradeboard.example', 'rep2@tradeboard.example')) = 3 AS missing`,
  );
  // Only when no master exists yet and the demo users the boards belong to do.
  if (!rows[0]!.missing) return;
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await seedBoards(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
