import type { ReactNode } from 'react';
import { callFilterFields } from '@tradeboard/shared/contracts';
import type { ComponentRendererProps } from '@tradeboard/shared/boards';
import { ActivityKpis } from '../activities/ActivitiesPage.tsx';
import { CrmStyles } from '../theme/crmStyles.tsx';

const KPI_FIELDS = new Set((callFilterFields('/ActivityTransaction/KPI') ?? []).map((field) => field.toLowerCase()));

/**
 * The "Activity Figures" board component (renderer crmActivityKpi, contributed through this
 * remote's manifest): the activity counts for the config's dateSlug (every date without one),
 * narrowed by the board's filters the KPI call takes (an account page's customer, a global
 * filter's rep …).
 */
export default function ActivityKpiRenderer({ config, filters }: ComponentRendererProps): ReactNode {
  const dateSlug = (config.dataConfig?.queryParams as { dateSlug?: unknown } | undefined)?.dateSlug;
  const applied = filters
    .filter((filter) => KPI_FIELDS.has(filter.field.toLowerCase()) && filter.values.length > 0)
    .map((filter) => ({ field: filter.field, comparison: filter.comparison, values: filter.values }));
  return (
    <div className="tb-crm-root">
      <CrmStyles />
      <ActivityKpis dateSlug={typeof dateSlug === 'string' ? dateSlug : undefined} filters={applied} />
    </div>
  );
}
