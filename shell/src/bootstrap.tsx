import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App.tsx';
import { startRootConfig } from './root/startRootConfig.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Tradeboard: #root is missing from index.html');

// No UI kit here: public pages (sign-in) must not download antd. Whatever uses the kit loads lazily
// and brings its own theme (AppThemeProvider).
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startRootConfig().catch((error: unknown) => console.error('The root config failed to start', error));
