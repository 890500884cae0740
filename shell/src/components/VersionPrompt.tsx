import type { ReactNode } from 'react';
import { Button, Modal } from '@tradeboard/shared/ui';
import { useVersionCheck } from './useVersionCheck.ts';

export const VERSION_PROMPT_TITLE = 'A new version of Tradeboard is available';

/** The blocking refresh prompt shown when /version.json changes. */
export function VersionPrompt({ intervalMs }: { intervalMs?: number }): ReactNode {
  const { newVersion } = useVersionCheck(intervalMs);
  return (
    <Modal
      open={newVersion !== null}
      title={VERSION_PROMPT_TITLE}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      footer={
        <Button type="primary" onClick={() => window.location.reload()}>
          Refresh now
        </Button>
      }
    >
      Tradeboard has been updated{newVersion ? ` to version ${newVersion}` : ''}. Refresh the page to keep working with
      the latest version.
    </Modal>
  );
}
