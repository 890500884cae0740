import type { FastifyInstance } from 'fastify';
import { boardRoutes } from './board-routes.ts';
import { cardRoutes } from './card-routes.ts';
import { componentRoutes } from './component-routes.ts';
import { filtersRoutes } from '../filters/filters-routes.ts';
import { pageRoutes } from './page-routes.ts';
import { shareRoutes } from './share-routes.ts';

/**
 * Boards, cards and component instances (seed 001 §7.2, §7.7). Who may see or change a
 * board is decided in one place: board-access.ts.
 */
export async function boardsRoutes(app: FastifyInstance): Promise<void> {
  await boardRoutes(app);
  await shareRoutes(app);
  await cardRoutes(app);
  await componentRoutes(app);
  await pageRoutes(app);
  await filtersRoutes(app);
}
