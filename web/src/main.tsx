import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
// In cascade order: tokens and base, the UI kit, then the site's header, footer and pages.
import './styles/global.css';
import './styles/ui-kit.css';
import './styles/site.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
