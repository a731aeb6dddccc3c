// Standalone dev harness only: inside the host, the page is loaded without this file.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import { StandaloneHarness } from 'shared/src/harness/StandaloneHarness';
import ServerSettingsPage from './pages/ServerSettingsPage';

createRoot(document.body.appendChild(document.createElement('div'))).render(
  <StrictMode>
    <StandaloneHarness title="mfe-server-settings">
      <Routes>
        <Route path="*" element={<ServerSettingsPage />} />
      </Routes>
    </StandaloneHarness>
  </StrictMode>,
);
