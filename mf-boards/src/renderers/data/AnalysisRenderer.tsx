import type { ReactNode } from 'react';
import type { ComponentRendererProps } from '@tradeboard/shared/boards';
import { DataComponent } from './DataComponent.tsx';

/** The `analysis` renderer (docs/component-config.md): a data component drawn from its config. */
export default function AnalysisRenderer(props: ComponentRendererProps): ReactNode {
  return <DataComponent kind="analysis" {...props} />;
}
