import type { ComponentType, ReactNode } from 'react';
import { callFilterFields } from '@tradeboard/shared/contracts';
import type { ComponentRendererProps } from '@tradeboard/shared/boards';
import { CrmStyles } from '../theme/crmStyles.tsx';

/** The config's dateSlug (queryParams.dateSlug), if it names one. */
export function dateSlugOf(config: ComponentRendererProps['config']): string | undefined {
  const dateSlug = (config.dataConfig?.queryParams as { dateSlug?: unknown } | undefined)?.dateSlug;
  return typeof dateSlug === 'string' ? dateSlug : undefined;
}

/** The board's filters the call at `path` takes (an account page's customer, a global filter's rep …), as its body's filters. */
export function filtersFor(path: string, filters: ComponentRendererProps['filters']) {
  const fields = new Set((callFilterFields(path) ?? []).map((field) => field.toLowerCase()));
  return filters
    .filter((filter) => fields.has(filter.field.toLowerCase()) && filter.values.length > 0)
    .map((filter) => ({ field: filter.field, comparison: filter.comparison, values: filter.values }));
}

type View = ComponentType<{ dateSlug?: string; filters?: ReturnType<typeof filtersFor> }>;

/**
 * A board component renderer (contributed through this remote's manifest `renderers`) drawing a
 * CRM view for the config's dateSlug (every date without one), narrowed by the board's filters
 * the view's call at `path` takes.
 */
export function crmRenderer(View: View, path: string): (props: ComponentRendererProps) => ReactNode {
  return function CrmRenderer({ config, filters }: ComponentRendererProps): ReactNode {
    return (
      <div className="tb-crm-root">
        <CrmStyles />
        <View dateSlug={dateSlugOf(config)} filters={filtersFor(path, filters)} />
      </div>
    );
  };
}
