import { adjustmentComponents } from './component-catalogue-adjustments.ts';
import { BUILT_IN, CORE_MASTERS, type CatalogueMaster } from './component-catalogue.ts';
import { goalComponents } from './component-catalogue-goals.ts';
import { serviceComponents } from './component-catalogue-service.ts';
import { usageComponents } from './component-catalogue-usage.ts';
import { crmComponents } from './component-catalogue-crm.ts';

/**
 * The whole component master catalogue: component-catalogue.ts's masters, the per-domain files'
 * and the built-ins. Put together here, not in component-catalogue.ts, because the per-domain
 * files are made from component-catalogue.ts's templates (no import cycle).
 */
export const COMPONENT_CATALOGUE: readonly CatalogueMaster[] = [
  ...CORE_MASTERS,
  ...serviceComponents(), // service orders and shipments: 370–384 (component-catalogue-service.ts)
  ...usageComponents(), // usage, inactive items and IBT sales: 870–876 (component-catalogue-usage.ts)
  ...adjustmentComponents(), // inventory adjustments, RMAs and notes: 880–893 (component-catalogue-adjustments.ts)
  ...crmComponents(), // the CRM's activities: 1101–1109 (component-catalogue-crm.ts)
  ...goalComponents(), // goal against actual: 960–962 (component-catalogue-goals.ts)
  ...BUILT_IN,
];

/** A catalogue master's id by its display name (the default boards name their components). */
export function catalogueId(displayName: string): number {
  const found = COMPONENT_CATALOGUE.find((m) => m.displayName === displayName);
  if (!found) throw new Error(`No component master named '${displayName}'`);
  return found.id;
}
