// The protected shell (spec section 2). Chakra and everything signed-in lives in this lazy chunk,
// so the login route stays light.
import { ChakraProvider } from '@chakra-ui/react';
import { CurrentAgentProvider } from '../shell/agents/CurrentAgentProvider';
import { AppShell } from '../shell/AppShell';
import { RequireAuth } from '../shell/auth/RequireAuth';
import { ShellDialogsProvider } from '../shell/ShellDialogs';
import { SidebarProvider } from '../shell/sidebar/SidebarProvider';
import { theme } from '../shell/theme';
import { Toaster } from '../shell/toasts/Toaster';

export default function ProtectedLayout() {
  return (
    <ChakraProvider theme={theme}>
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
    </ChakraProvider>
  );
}
