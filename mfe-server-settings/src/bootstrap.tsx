// Standalone dev harness only: inside the host, the page is loaded without this file.
import { Route, Routes } from 'react-router-dom';
import { mountStandalone } from 'shared/src/harness/StandaloneHarness';
import ServerSettingsPage from './pages/ServerSettingsPage';

mountStandalone(
  'mfe-server-settings',
  <Routes>
    <Route path="*" element={<ServerSettingsPage />} />
  </Routes>,
);
