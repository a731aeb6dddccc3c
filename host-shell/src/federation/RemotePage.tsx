import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { inChakraScope } from '../chakra/chakra-scope';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteModule } from './remote-loader';
import type { RemoteName } from './remotes';

interface RemotePageProps {
  remote: RemoteName;
  /** The exposed page module, e.g. 'CatalogPage'. */
  module: string;
  /**
   * Starts the page's first data (a query the page reads by the same options), so it loads beside
   * the page's code instead of after it. Must be idempotent.
   */
  prefetch?: () => void;
}

type PageModule = { default: ComponentType };

/** One load per page and attempt: Retry makes a new attempt, re-renders reuse the same promise. */
const pageLoads = new Map<string, Promise<PageModule>>();
/** Pages whose code is in (a remote keeps its version for the page's life): they render at once. */
const loadedPages = new Map<string, ComponentType>();

function loadPage(remote: RemoteName, module: string, attempt: number): Promise<PageModule> {
  const key = `${remote}/${module}#${attempt}`;
  let load = pageLoads.get(key);
  if (!load) {
    // Remote pages draw with Chakra: each renders in the shell's Chakra provider (chakra-scope).
    load = inChakraScope(() =>
      loadRemoteModule<PageModule>(remote, module).then((page) => page.default),
    )().then((Page) => ({ default: Page }));
    pageLoads.set(key, load);
    // A failure is not kept: coming back to the route later tries again.
    load.catch(() => pageLoads.delete(key));
  }
  return load;
}

const loading = (
  <div aria-busy="true" style={{ padding: '2rem' }}>
    Loading...
  </div>
);

/**
 * Shows Loading... until the page's code is in, then the page. Not by suspending: React holds back
 * the content of a Suspense boundary whose fallback showed in the last 300 ms, which made every
 * first visit of a remote page take at least that long; a state update is shown when it happens.
 */
function LoadedPage({ remote, module, prefetch, attempt }: RemotePageProps & { attempt: number }) {
  const name = `${remote}/${module}`;
  const [result, setResult] = useState<{ Page?: ComponentType; error?: unknown }>(() => ({
    Page: loadedPages.get(name),
  }));
  // Started while rendering, so the downloads begin with the navigation rather than a frame later.
  const load = result.Page || result.error ? null : loadPage(remote, module, attempt);
  if (load) prefetch?.();
  useEffect(() => {
    if (!load) return;
    let current = true;
    load.then(
      ({ default: Page }) => {
        loadedPages.set(name, Page);
        if (current) setResult({ Page });
      },
      (error: unknown) => {
        if (current) setResult({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [load, name]);
  if (result.error) throw result.error; // to the RemoteErrorBoundary, with its Retry
  const { Page } = result;
  return Page ? <Page /> : loading;
}

/** Renders one page exposed by a remote, lazily, behind a contained error with Retry. */
export function RemotePage({ remote, module, prefetch }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      key={`${remote}/${module}`}
      remote={remote}
      onRetry={() => setAttempt((value) => value + 1)}
    >
      {/* For the page's own lazy parts that do not bring their own fallback. */}
      <Suspense fallback={loading}>
        <LoadedPage key={attempt} remote={remote} module={module} prefetch={prefetch} attempt={attempt} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
