// Standalone dev harness only: inside the host, the pages are loaded without this file.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import { StandaloneHarness } from 'shared/src/harness/StandaloneHarness';
import AppDetailPage from './pages/AppDetailPage';
import CreateAppPage from './pages/CreateAppPage';

createRoot(document.body.appendChild(document.createElement('div'))).render(
  <StrictMode>
    <StandaloneHarness title="mfe-apps">
      <Routes>
        <Route path="/" element={<CreateAppPage />} />
        <Route path="/create-app" element={<CreateAppPage />} />
        <Route path="/app/:appId" element={<AppDetailPage />} />
      </Routes>
    </StandaloneHarness>
  </StrictMode>,
);
