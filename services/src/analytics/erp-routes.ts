import type { FastifyInstance } from 'fastify';
import { accountDetailRoutes } from './account-detail-routes.ts';
import { accountingRoutes } from './accounting-routes.ts';
import { accountTermsRoutes } from './account-terms-routes.ts';
import { contactRoutes } from './contact-routes.ts';
import { mapRoutes } from './map-routes.ts';
import { prospectRoutes } from './prospect-routes.ts';
import { useAnswerCache } from './erp-common.ts';
import { adjustmentRoutes } from './adjustment-routes.ts';
import { accountsRoutes } from './accounts-routes.ts';
import { inventoryRoutes } from './inventory-routes.ts';
import { itemRoutes } from './item-routes.ts';
import { notesBomRoutes } from './notes-bom-routes.ts';
import { purchasingRoutes } from './purchasing-routes.ts';
import { serviceRoutes } from './service-routes.ts';
import { usageRoutes } from './usage-routes.ts';
import { whiteSpaceRoutes } from './whitespace-routes.ts';
import { activityRoutes } from '../crm/activity-routes.ts';
import { contactWriteRoutes } from '../crm/contact-routes.ts';
import { dataManagerRoutes } from '../crm/data-manager-routes.ts';
import { opportunityLinkRoutes } from '../crm/opportunity-link-routes.ts';
import { opportunityRoutes } from '../crm/opportunity-routes.ts';

/** The purchasing, accounting, inventory and account data calls (beside analyticsRoutes). */
export async function erpDataRoutes(app: FastifyInstance): Promise<void> {
  useAnswerCache(app);
  await accountingRoutes(app);
  await purchasingRoutes(app);
  await accountsRoutes(app);
  await accountDetailRoutes(app);
  await accountTermsRoutes(app);
  await contactRoutes(app);
  await contactWriteRoutes(app);
  await prospectRoutes(app);
  await mapRoutes(app);
  await inventoryRoutes(app);
  await itemRoutes(app);
  await serviceRoutes(app);
  await usageRoutes(app);
  await notesBomRoutes(app);
  await adjustmentRoutes(app);
  await whiteSpaceRoutes(app);
  await activityRoutes(app);
  await dataManagerRoutes(app);
  await opportunityRoutes(app);
  await opportunityLinkRoutes(app);
}
