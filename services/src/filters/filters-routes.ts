import type { FastifyInstance } from 'fastify';
import { filterMasterRoutes } from './filter-master-routes.ts';
import { filterValueRoutes } from './filter-value-routes.ts';
import { globalFilterRoutes } from './global-filter-routes.ts';
import { filterShareRoutes } from './share-routes.ts';

/**
 * Global filters, filter values and the filter-master catalogue (seed 001 §7.9), mounted by the
 * boards service. Who may see or change a global filter is decided in filter-access.ts.
 */
export async function filtersRoutes(app: FastifyInstance): Promise<void> {
  await globalFilterRoutes(app);
  await filterShareRoutes(app);
  await filterMasterRoutes(app);
  await filterValueRoutes(app);
}
