import type pg from 'pg';
import type { Card, ComponentInstance, ComponentMaster } from '@tradeboard/shared/contracts';
import type { Queryable } from './board-access.ts';

type CardRow = Omit<Card, 'layout' | 'componentInstances'> & { x: number | null; y: number | null; w: number | null; h: number | null };

const INSTANCE_COLUMNS = `i.component_instance_id AS "componentInstanceId", i.component_instance_name AS "componentInstanceName",
  i.component_master_id AS "componentMasterId", i.display_order AS "displayOrder", i.card_master_id AS "cardMasterId", i.configs`;

export const MASTER_COLUMNS = `m.component_master_id AS id, m.display_name AS "displayName", m.description,
  m.component_type AS "componentType", m.component_category AS "componentCategory", m.has_visual AS "hasVisual",
  m.has_kpi AS "hasKpi", m.show_in_component_library AS "showInComponentLibrary", m.logo_master_id AS "logoMasterId",
  m.renderer, m.configs`;

/** A board's cards in order, each with its component instances in order (or one card when cardMasterId is given). */
export async function loadCards(db: Queryable, boardMasterId: number, cardMasterId?: number): Promise<Card[]> {
  const { rows: cards } = await db.query<CardRow>(
    `SELECT card_master_id AS "cardMasterId", card_name AS "cardName", display_order AS "displayOrder",
            is_expanded AS "isExpanded", board_master_id AS "boardMasterId",
            layout_x AS x, layout_y AS y, layout_w AS w, layout_h AS h
       FROM app.card_master
      WHERE board_master_id = $1 AND ($2::int IS NULL OR card_master_id = $2)
      ORDER BY display_order, card_master_id`,
    [boardMasterId, cardMasterId ?? null],
  );
  const { rows: instances } = await db.query<ComponentInstance>(
    `SELECT ${INSTANCE_COLUMNS}
       FROM app.component_instance i JOIN app.card_master c USING (card_master_id)
      WHERE c.board_master_id = $1 AND ($2::int IS NULL OR c.card_master_id = $2)
      ORDER BY i.display_order, i.component_instance_id`,
    [boardMasterId, cardMasterId ?? null],
  );
  return cards.map(({ x, y, w, h, ...card }) => ({
    ...card,
    layout: x === null || y === null || w === null || h === null ? null : { x, y, w, h },
    componentInstances: instances.filter((i) => i.cardMasterId === card.cardMasterId),
  }));
}

export async function loadInstance(db: Queryable, componentInstanceId: number): Promise<ComponentInstance | undefined> {
  const { rows } = await db.query<ComponentInstance>(
    `SELECT ${INSTANCE_COLUMNS} FROM app.component_instance i WHERE i.component_instance_id = $1`,
    [componentInstanceId],
  );
  return rows[0];
}

export async function loadMasters(db: Queryable, ids: number[]): Promise<ComponentMaster[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ComponentMaster>(
    `SELECT ${MASTER_COLUMNS} FROM app.component_master m WHERE m.component_master_id = ANY($1::int[]) ORDER BY m.component_master_id`,
    [ids],
  );
  return rows;
}

const ORDERED = {
  card: { table: 'app.card_master', id: 'card_master_id', group: 'board_master_id' },
  instance: { table: 'app.component_instance', id: 'component_instance_id', group: 'card_master_id' },
} as const;

/**
 * Renumbers a board's cards (or a card's instances) 0..n-1 in their current order, after
 * putting `moving` (already in the group) at `position` (clamped to the end).
 */
export async function renumber(
  db: Queryable,
  kind: keyof typeof ORDERED,
  groupId: number,
  moving?: { id: number; position: number },
): Promise<void> {
  const { table, id, group } = ORDERED[kind];
  const { rows } = await db.query<{ id: number }>(`SELECT ${id} AS id FROM ${table} WHERE ${group} = $1 ORDER BY display_order, ${id} FOR UPDATE`, [groupId]);
  let ids = rows.map((r) => r.id);
  if (moving) {
    ids = ids.filter((other) => other !== moving.id);
    ids.splice(Math.min(moving.position, ids.length), 0, moving.id);
  }
  await db.query(
    `UPDATE ${table} t SET display_order = o.ord - 1
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, ord)
      WHERE t.${id} = o.id AND t.display_order IS DISTINCT FROM o.ord - 1`,
    [ids],
  );
}

/** A template's or a copied board's cards, as board_template.definition holds them. */
export type BoardDefinition = {
  cards?: Array<{
    cardName?: string;
    isExpanded?: boolean;
    layout?: { x: number; y: number; w: number; h: number } | null;
    componentInstances?: Array<{ componentMasterId: number; componentInstanceName?: string; configs?: unknown }>;
  }>;
};

/** Builds cards and component instances on a board from a definition (unknown components are skipped). */
export async function buildCards(client: pg.PoolClient, boardMasterId: number, definition: BoardDefinition): Promise<void> {
  const cards = Array.isArray(definition.cards) ? definition.cards : [];
  for (const [order, card] of cards.entries()) {
    const layout = card.layout ?? null;
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO app.card_master (board_master_id, card_name, display_order, is_expanded, layout_x, layout_y, layout_w, layout_h)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING card_master_id AS id`,
      [
        boardMasterId,
        (card.cardName ?? '').trim() || 'New Card...',
        order,
        card.isExpanded ?? true,
        layout?.x ?? null,
        layout?.y ?? null,
        layout?.w ?? null,
        layout?.h ?? null,
      ],
    );
    const instances = Array.isArray(card.componentInstances) ? card.componentInstances : [];
    for (const [position, instance] of instances.entries()) {
      await client.query(
        `INSERT INTO app.component_instance (card_master_id, component_master_id, component_instance_name, display_order, configs)
         SELECT $1, m.component_master_id, coalesce(nullif(btrim($3), ''), m.display_name), $4, coalesce($5::jsonb, m.configs)
           FROM app.component_master m WHERE m.component_master_id = $2`,
        [rows[0]!.id, instance.componentMasterId, instance.componentInstanceName ?? '', position, instance.configs === undefined ? null : JSON.stringify(instance.configs)],
      );
    }
  }
}
