import type { ReactNode } from 'react';
import { Button, Modal } from '@tradeboard/shared/ui';
import { AppThemeProvider } from './AppThemeProvider.tsx';
import { VERSION_PROMPT_TITLE } from './versionPromptText.ts';

/** The blocking refresh dialog (loaded by VersionPrompt only once a new version is live). */
export function VersionDialog({ newVersion }: { newVersion: string }): ReactNode {
  return (
    <AppThemeProvider>
      <Modal
        open
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
        Tradeboard has been updated to version {newVersion}. Refresh the page to keep working with the latest version.
      </Modal>
    </AppThemeProvider>
  );
}
