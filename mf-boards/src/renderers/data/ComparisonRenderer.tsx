import type { ReactNode } from 'react';
import type { ComponentRendererProps } from '@tradeboard/shared/boards';
import { DataComponent } from './DataComponent.tsx';

/** The `comparison` renderer (docs/component-config.md): a data component drawn from its config. */
export default function ComparisonRenderer(props: ComponentRendererProps): ReactNode {
  return <DataComponent kind="comparison" {...props} />;
}
