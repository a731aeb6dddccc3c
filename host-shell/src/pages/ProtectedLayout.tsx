// The protected shell (spec section 2). Chakra and everything signed-in lives in this lazy chunk,
// so the login route stays light.
import { CurrentAgentProvider } from '../shell/agents/CurrentAgentProvider';
import { AppShell } from '../shell/AppShell';
import { RequireAuth } from '../shell/auth/RequireAuth';
import { loadGlobalStylesheet, ShellChakraProvider } from '../shell/ShellChakraProvider';
import { ShellDialogsProvider } from '../shell/ShellDialogs';
import { SidebarProvider } from '../shell/sidebar/SidebarProvider';
import { Toaster } from '../shell/toasts/Toaster';

/** The shell renders once its global stylesheet is in (see routes.tsx), so nothing flashes unstyled. */
export const globalStylesheetLoaded = loadGlobalStylesheet();

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
