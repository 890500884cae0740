import { lazy, Suspense, type ReactNode } from 'react';
import type { InlineEditProps } from './InlineEditField.tsx';

export { nameToSave, plainApostrophes } from './names.ts';

// The text field comes with the kit's editing entry (@tradeboard/shared/ui/edit), loaded on the first rename.
const InlineEditField = lazy(() => import('./InlineEditField.tsx').then((module) => ({ default: module.InlineEditField })));

/** Inline name editor: Enter, Tab or click outside saves; Escape cancels (seed 000 §5). */
export function InlineEdit(props: InlineEditProps): ReactNode {
  return (
    <Suspense fallback={<span className={props.className}>{props.value}</span>}>
      <InlineEditField {...props} />
    </Suspense>
  );
}
