import { Alert, Button } from '@tradeboard/shared/ui';
import type { ReactNode } from 'react';

/**
 * What an editor shows when its save met a newer version (409): what the record says now, that
 * nothing was saved, and a button that loads their version to edit.
 */
export function ConflictAlert({ what, now, onEditTheirs }: { what: string; now: ReactNode; onEditTheirs: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={`Someone else changed this ${what}`}
      description={
        <>
          <p>{now} Your changes were not saved.</p>
          <Button size="small" onClick={onEditTheirs}>
            Edit their version
          </Button>
        </>
      }
    />
  );
}
