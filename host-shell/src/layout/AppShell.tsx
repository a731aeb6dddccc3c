import type { SystemStyleObject } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { chakraIsland } from '../chakra/chakra-scope';
import { Sidebar, SidebarTrigger } from '../sidebar/Sidebar';
import { useCheckoutReturn } from '../checkout/useCheckoutReturn';

// Shown only while the database is briefly unavailable.
const ServiceUnavailableNotice = chakraIsland(() =>
  import('./ServiceUnavailableNotice').then((module) => module.ServiceUnavailableNotice),
);

function PageLoading() {
  return (
    <div aria-busy="true" className="dh-page-loading">
      Loading...
    </div>
  );
}

/** The frame's look (page column, header, title, page area): `.dh-shell` in shell.css (see shell-stylesheet). */
export const shellStyles: SystemStyleObject = {
  display: 'flex',
  minH: '100vh',
  '.dh-shell-main': { display: 'flex', flexDirection: 'column', flex: '1', minW: 0 },
  '.dh-shell-header': {
    display: 'flex',
    alignItems: 'center',
    gap: 2,
    h: 12,
    px: 3,
    borderBottomWidth: '1px',
    bg: 'white',
    position: 'sticky',
    top: 0,
    zIndex: 'sticky',
  },
  '.dh-shell-title': {
    fontFamily: 'heading',
    fontWeight: 'semibold',
    fontSize: 'md',
    lineHeight: 1.2,
    color: 'gray.700',
  },
  '.dh-shell-page': { flex: '1', p: { base: 4, md: 6 }, bg: 'gray.50' },
};

/** The signed-in layout: sidebar, a slim header with the sidebar toggle, and the page. */
export function AppShell() {
  useCheckoutReturn();
  return (
    <div className="dh-shell">
      <Sidebar />
      <main className="dh-shell-main">
        <header className="dh-shell-header">
          <SidebarTrigger />
          <span className="chakra-heading dh-shell-title">Dockhand</span>
        </header>
        <div className="dh-shell-page">
          <ServiceUnavailableNotice />
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
