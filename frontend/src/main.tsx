// First: before any schema is built (see the module).
import '@labelwise/domain/jitless-zod';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerPwa } from './features/pwa/register-pwa';
import { startColorMode } from './shared/lib/color-mode';

// Before the first paint: the system's colour scheme, or the one chosen on /preferences.
startColorMode();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerPwa();
