// The protected shell (spec section 2). Everything signed-in lives in this lazy chunk, so the
// login route stays light. Its first screen draws without Chakra, which loads just after it.
import { useEffect } from 'react';
import { CurrentAgentProvider } from '../shell/agents/CurrentAgentProvider';
import { AppShell } from '../shell/AppShell';
import { RequireAuth } from '../shell/auth/RequireAuth';
import { preloadChakra } from '../shell/chakra-scope';
import { loadShellStylesheets } from '../shell/loadShellStylesheets';
import { ShellDialogsProvider } from '../shell/ShellDialogs';
import { SidebarProvider } from '../shell/sidebar/SidebarProvider';
import { Toaster } from '../shell/toasts/Toaster';

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
