import type { ReactNode } from 'react';
import type { ComponentRendererProps } from '@tradeboard/shared/boards';
import { DataComponent } from './DataComponent.tsx';

/** The `summary` renderer (docs/component-config.md): a data component drawn from its config. */
export default function SummaryRenderer(props: ComponentRendererProps): ReactNode {
  return <DataComponent kind="summary" {...props} />;
}
