import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppThemeProvider } from './components/AppThemeProvider.tsx';
import { App } from './components/App.tsx';
import { startRootConfig } from './root/startRootConfig.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Tradeboard: #root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppThemeProvider>
      <App />
    </AppThemeProvider>
  </StrictMode>,
);

startRootConfig().catch((error: unknown) => console.error('The root config failed to start', error));
