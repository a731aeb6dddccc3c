import {
  ColorModeProvider,
  EnvironmentProvider,
  toCSSVar,
  type ColorModeProviderProps,
} from '@chakra-ui/react';
import { ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import globalStylesheetUrl from './chakra-global.css';
import shellStylesheetUrl from './shell.css';
import { theme } from './theme';

/**
 * The theme as Chakra's styled system reads it (token → CSS variable map), computed once per page
 * instead of in the provider's first render.
 */
const themeWithVars = toCSSVar(theme);
const colorModeOptions = theme.config as ColorModeProviderProps['options'];

let stylesheetsLoaded: Promise<void> | undefined;

function loadStylesheet(url: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    link.onload = () => resolve();
    link.onerror = () => {
      console.warn('Dockhand: stylesheet unavailable', url);
      resolve();
    };
    document.head.append(link);
  });
}

/**
 * Puts the shell's stylesheets on the page once: Chakra's global one (theme CSS variables, CSS
 * reset, global styles) and the first screen's own looks (shell.css, see shell-stylesheet).
 * Resolves when the browser has both (or failed to load one: the page then still renders).
 */
export function loadShellStylesheets(): Promise<void> {
  stylesheetsLoaded ??= Promise.all([
    loadStylesheet(globalStylesheetUrl),
    loadStylesheet(shellStylesheetUrl),
  ]).then(() => undefined);
  return stylesheetsLoaded;
}

/**
 * ChakraProvider for the signed-in shell, without the work its first render did on every page
 * load: the theme's CSS variables, the CSS reset and the global styles come from a static
 * stylesheet made at build time (chakra-global.css, kept equal to what ChakraProvider injects by
 * chakra-global-css.test.tsx), not from emotion serialising them in the browser. Chakra's own toast
 * portal is left out: Dockhand's toasts are its Toaster (shell/toasts), nothing calls useToast.
 */
export function ShellChakraProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={themeWithVars}>
      <ColorModeProvider options={colorModeOptions}>
        <EnvironmentProvider>{children}</EnvironmentProvider>
      </ColorModeProvider>
    </ThemeProvider>
  );
}
