// Standalone dev harness only: inside the host, the pages are loaded without this file.
import { Route, Routes } from 'react-router-dom';
import { mountStandalone } from 'shared/src/harness/StandaloneHarness';
import CatalogItemPage from './pages/CatalogItemPage';
import CatalogPage from './pages/CatalogPage';

mountStandalone(
  'mfe-catalog',
  <Routes>
    <Route path="/" element={<CatalogPage />} />
    <Route path="/catalog" element={<CatalogPage />} />
    <Route path="/catalog/:appName" element={<CatalogItemPage />} />
  </Routes>,
);
