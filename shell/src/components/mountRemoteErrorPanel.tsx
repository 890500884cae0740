import { createRoot } from 'react-dom/client';
import { AppThemeProvider } from './AppThemeProvider.tsx';
import { RemoteErrorPanel } from './RemoteErrorPanel.tsx';

/** Renders the failure panel into a remote's area (its own React root); returns the unmount. */
export function mountRemoteErrorPanel(element: HTMLElement, remoteName: string): () => void {
  const container = document.createElement('div');
  element.appendChild(container);
  const root = createRoot(container);
  root.render(
    <AppThemeProvider>
      <RemoteErrorPanel remoteName={remoteName} />
    </AppThemeProvider>,
  );
  return () => {
    root.unmount();
    container.remove();
  };
}
