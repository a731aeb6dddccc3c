// The protected shell (spec section 2). Everything signed-in lives in this lazy chunk, so the
// login route stays light. Its first screen draws without Chakra, which loads just after it.
import { useEffect } from 'react';
import { CurrentAgentProvider } from '../current-server/CurrentAgentProvider';
import { AppShell } from './AppShell';
import { RequireAuth } from '../sign-in/RequireAuth';
import { preloadChakra } from '../chakra/chakra-scope';
import { loadShellStylesheets } from '../looks/loadShellStylesheets';
import { ShellDialogsProvider } from '../dialogs/ShellDialogs';
import { SidebarProvider } from '../sidebar/SidebarProvider';
import { Toaster } from '../toasts/Toaster';

/** The shell renders once its stylesheets are in (see routes.tsx), so nothing flashes unstyled. */
export const shellStylesheetsLoaded = loadShellStylesheets();

export default function ProtectedLayout() {
  useEffect(preloadChakra, []);
  return (
    <>
      <Toaster />
      <RequireAuth>
        <CurrentAgentProvider>
          <ShellDialogsProvider>
            <SidebarProvider>
              <AppShell />
            </SidebarProvider>
          </ShellDialogsProvider>
        </CurrentAgentProvider>
      </RequireAuth>
    </>
  );
}
