import globalStylesheetUrl from '../chakra/chakra-global.css';
import shellStylesheetUrl from './shell.css';

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
