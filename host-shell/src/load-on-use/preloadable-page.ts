import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { onceLoader } from './once-loader';

type PageModule = { default: ComponentType };

export interface PreloadablePage {
  /** The page for a route element: lazy until its code is in, then rendered at once. */
  Page: LazyExoticComponent<ComponentType>;
  /** Starts loading the page's code (once); resolves when it is in. */
  preload(): Promise<PageModule>;
}

/**
 * A lazily loaded page whose code the entry can fetch before the first render. Once loaded, the
 * page renders without suspending: React.lazy reads a thenable that calls back synchronously as
 * resolved. So the first screen needs neither a Suspense fallback (whose commit holds the real
 * page back for React's 300 ms reveal throttle) nor a time-sliced transition (which React throws
 * away and renders again when data or the user profile arrives during it).
 */
export function preloadablePage(load: () => Promise<PageModule>): PreloadablePage {
  const code = onceLoader(load);
  const Page = lazy(() => {
    const module = code.value;
    if (!module) return code.load();
    // Not a real promise on purpose: `then` calls back before React.lazy checks the status.
    const resolved = { then: (onFulfilled: (value: PageModule) => void) => onFulfilled(module) };
    return resolved as unknown as Promise<PageModule>;
  });
  return { Page, preload: code.load };
}
