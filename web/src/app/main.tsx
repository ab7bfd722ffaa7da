import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import '../shared/i18n';
import { installTokenRefresher } from '../shared/auth/refresh';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import './global.css';

// Spec §7: an expired token is refreshed before the next request (the call itself loads on demand).
installTokenRefresher();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
