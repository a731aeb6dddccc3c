// Standalone dev harness only: inside the host, the pages are loaded without this file.
import { Route, Routes } from 'react-router-dom';
import { mountStandalone } from 'shared/src/harness/StandaloneHarness';
import AppDetailPage from './pages/AppDetailPage';
import CreateAppPage from './pages/CreateAppPage';

mountStandalone(
  'mfe-apps',
  <Routes>
    <Route path="/" element={<CreateAppPage />} />
    <Route path="/create-app" element={<CreateAppPage />} />
    <Route path="/app/:appId" element={<AppDetailPage />} />
  </Routes>,
);
