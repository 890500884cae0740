import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge, Button, FilterOutlined } from '@tradeboard/shared/ui';
import { useHasOpened } from '@tradeboard/shared/web';
import type { GlobalFilters } from './useGlobalFilters.ts';

const GlobalFilterDrawer = lazy(() => import('./GlobalFilterDrawer.tsx').then((module) => ({ default: module.GlobalFilterDrawer })));

/** The board header's "Filters" button (badge: the active filter's fields) and its drawer. */
export function GlobalFilterControl({ state }: { state: GlobalFilters }): ReactNode {
  const [open, setOpen] = useState(false);
  const opened = useHasOpened(open);
  return (
    <>
      <Badge count={state.count} size="small">
        <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} aria-label={`Filters${state.count ? ` (${state.count} active)` : ''}`}>
          <span className="tb-hide-narrow">Filters</span>
        </Button>
      </Badge>
      {opened && (
        <Suspense fallback={null}>
          <GlobalFilterDrawer state={state} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
