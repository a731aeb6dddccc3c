// Standalone dev harness only: inside the host, the page is loaded without this file.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import { StandaloneHarness } from 'shared/src/harness/StandaloneHarness';
import OrganizationPage from './pages/OrganizationPage';

createRoot(document.body.appendChild(document.createElement('div'))).render(
  <StrictMode>
    <StandaloneHarness title="mfe-organization">
      <Routes>
        <Route path="*" element={<OrganizationPage />} />
      </Routes>
    </StandaloneHarness>
  </StrictMode>,
);
