import type { ComponentType } from 'react';
import { useToastMessage } from 'shared';
import { onceLoader, useOnceLoaded } from './once-loader';

/** The toast's text when a part of the shell loaded on first use cannot be (the network dropped, a new release is out). */
export function couldNotOpen(what: string): string {
  return `${what} could not be opened. Check your connection and try again.`;
}

/**
 * A dialog or sheet whose code loads when it is first opened: Chakra's Modal and Drawer bring
 * framer-motion, focus-lock and scroll-lock, which the first screen does not need. Once its code is
 * in it stays mounted, so closing runs its exit animation as before. If the code cannot load, the
 * user is told in a toast and the caller's `onClose` runs, so opening it again tries again.
 */
export function lazyOnFirstOpen<Props extends { isOpen: boolean; onClose: () => void }>(
  load: () => Promise<ComponentType<Props>>,
  what: string,
): ComponentType<Props> {
  const code = onceLoader(load);

  function OnFirstOpen(props: Props) {
    const showToast = useToastMessage();
    const { isOpen, onClose } = props;
    const Loaded = useOnceLoaded(code, isOpen, (error) => {
      console.warn('Dockhand: a dialog or sheet could not load', error);
      showToast({ title: 'Error', description: couldNotOpen(what), status: 'error' });
      onClose();
    });
    return Loaded ? <Loaded {...props} /> : null;
  }
  return OnFirstOpen;
}
