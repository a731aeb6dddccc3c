// The protected shell (spec section 2). Chakra and everything signed-in lives in this lazy chunk,
// so the login route stays light.
import { CurrentAgentProvider } from '../shell/agents/CurrentAgentProvider';
import { AppShell } from '../shell/AppShell';
import { RequireAuth } from '../shell/auth/RequireAuth';
import { loadShellStylesheets, ShellChakraProvider } from '../shell/ShellChakraProvider';
import { ShellDialogsProvider } from '../shell/ShellDialogs';
import { SidebarProvider } from '../shell/sidebar/SidebarProvider';
import { Toaster } from '../shell/toasts/Toaster';

/** The shell renders once its stylesheets are in (see routes.tsx), so nothing flashes unstyled. */
export const shellStylesheetsLoaded = loadShellStylesheets();

export default function ProtectedLayout() {
  return (
    <ShellChakraProvider>
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
    </ShellChakraProvider>
  );
}
