import { useState, type ComponentType } from 'react';
import { onceLoader, useOnceLoaded } from '../load-on-use/once-loader';

/** What a Chakra island says in its place when its code cannot load. */
export const PART_UNAVAILABLE = 'This part of the page could not load. Reload the page to try again.';

/**
 * The signed-in first screen is drawn without Chakra (see SHELL_LOOKS in shell-stylesheet), so
 * the shell has no Chakra provider at its top: everything Chakra draws (dialogs, menus, sheets,
 * tooltips, remote pages, the dashboard's rarer panels) loads with the provider and renders in
 * its own. Its code starts loading right after the first paint (preloadChakra).
 */
const chakraProvider = onceLoader(() => import('./ShellChakraProvider'));

/** Starts loading Chakra and the shell's theme, so the first dialog or remote page finds them in. */
export function preloadChakra(): void {
  void chakraProvider.load().catch(() => undefined); // a later load tries again, and reports
}

/** `load`, with the component it gives rendered inside the shell's Chakra provider. */
export function inChakraScope<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): () => Promise<ComponentType<Props>> {
  return () =>
    Promise.all([load(), chakraProvider.load()]).then(([Component, { ShellChakraProvider }]) => {
      function InChakraScope(props: Props) {
        return (
          <ShellChakraProvider>
            <Component {...props} />
          </ShellChakraProvider>
        );
      }
      return InChakraScope;
    });
}

/**
 * A part of a page drawn with Chakra: nothing until its code and Chakra are in, loaded once the
 * page has rendered (so not before the first paint), then the part. A part whose code fails to
 * load says so in its place; it tries again when it is mounted anew.
 */
export function chakraIsland<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const code = onceLoader(inChakraScope(load));
  function ChakraIsland(props: Props) {
    const [failed, setFailed] = useState(false);
    const Loaded = useOnceLoaded(code, true, (error) => {
      console.warn('Dockhand: a part of the page could not load', error);
      setFailed(true);
    });
    if (Loaded) return <Loaded {...props} />;
    return failed ? (
      <p role="alert" className="chakra-text dh-part-unavailable">
        {PART_UNAVAILABLE}
      </p>
    ) : null;
  }
  return ChakraIsland;
}
