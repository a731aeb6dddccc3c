import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog or sheet whose code loads when it is first opened: Chakra's Modal and Drawer bring
 * framer-motion, focus-lock and scroll-lock, which the first screen does not need. Once opened it
 * stays mounted, so closing runs its exit animation as before.
 */
export function lazyOnFirstOpen<Props extends { isOpen: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function OnFirstOpen(props: Props) {
    const [opened, setOpened] = useState(props.isOpen);
    if (props.isOpen && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return OnFirstOpen;
}
