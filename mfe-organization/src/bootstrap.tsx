// Standalone dev harness only: inside the host, the page is loaded without this file.
import { Route, Routes } from 'react-router-dom';
import { mountStandalone } from 'shared/src/harness/StandaloneHarness';
import OrganizationPage from './pages/OrganizationPage';

mountStandalone(
  'mfe-organization',
  <Routes>
    <Route path="*" element={<OrganizationPage />} />
  </Routes>,
);
