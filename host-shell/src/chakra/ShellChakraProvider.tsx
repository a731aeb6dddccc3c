import { ColorModeProvider, toCSSVar, type ColorModeProviderProps } from '@chakra-ui/react';
import { ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * The theme as Chakra's styled system reads it (token → CSS variable map), computed once per page
 * instead of in the provider's first render.
 */
const themeWithVars = toCSSVar(theme);
const colorModeOptions = theme.config as ColorModeProviderProps['options'];

/**
 * ChakraProvider for what the signed-in shell draws with Chakra (see chakra-scope), without the
 * work its first render did on every page load: the theme's CSS variables, the CSS reset and the
 * global styles come from a static stylesheet made at build time (chakra-global.css, kept equal to
 * what ChakraProvider injects by chakra-global-css.test.tsx, see loadShellStylesheets), not from
 * emotion serialising them in the browser. Chakra's own toast portal is left out: Dockhand's
 * toasts are its Toaster (../toasts), nothing calls useToast. Its EnvironmentProvider too: its
 * default is this document, and each provider would add an element with the same id.
 */
export function ShellChakraProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={themeWithVars}>
      <ColorModeProvider options={colorModeOptions}>{children}</ColorModeProvider>
    </ThemeProvider>
  );
}
