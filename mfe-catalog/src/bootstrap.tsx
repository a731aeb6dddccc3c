// Standalone dev harness only: inside the host, the pages are loaded without this file.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import { StandaloneHarness } from 'shared/src/harness/StandaloneHarness';
import CatalogItemPage from './pages/CatalogItemPage';
import CatalogPage from './pages/CatalogPage';

createRoot(document.body.appendChild(document.createElement('div'))).render(
  <StrictMode>
    <StandaloneHarness title="mfe-catalog">
      <Routes>
        <Route path="/" element={<CatalogPage />} />
        <Route path="/catalog" element={<CatalogPage />} />
        <Route path="/catalog/:appName" element={<CatalogItemPage />} />
      </Routes>
    </StandaloneHarness>
  </StrictMode>,
);
