import type { ReactNode } from 'react';
import type { ComponentRendererProps } from '@tradeboard/shared/boards';
import { DataComponent } from './DataComponent.tsx';

/** The `list` renderer (docs/component-config.md): a data component drawn from its config. */
export default function ListRenderer(props: ComponentRendererProps): ReactNode {
  return <DataComponent kind="list" {...props} />;
}
