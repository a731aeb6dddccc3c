import { Suspense, use, useState, type ComponentType } from 'react';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteModule } from './remote-loader';
import type { RemoteName } from './remotes';

interface RemotePageProps {
  remote: RemoteName;
  /** The exposed page module, e.g. 'CatalogPage'. */
  module: string;
}

type PageModule = { default: ComponentType };

/** One load per page and attempt: Retry makes a new attempt, re-renders reuse the same promise. */
const pageLoads = new Map<string, Promise<PageModule>>();

function loadPage(remote: RemoteName, module: string, attempt: number): Promise<PageModule> {
  const key = `${remote}/${module}#${attempt}`;
  let load = pageLoads.get(key);
  if (!load) {
    load = loadRemoteModule<PageModule>(remote, module);
    pageLoads.set(key, load);
    // A failure is not kept: coming back to the route later tries again.
    load.catch(() => pageLoads.delete(key));
  }
  return load;
}

function LoadedPage({ load }: { load: Promise<PageModule> }) {
  const { default: Page } = use(load);
  return <Page />;
}

/** Renders one page exposed by a remote, lazily, behind Suspense and a contained error with Retry. */
export function RemotePage({ remote, module }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      key={`${remote}/${module}`}
      remote={remote}
      onRetry={() => setAttempt((value) => value + 1)}
    >
      <Suspense
        fallback={
          <div aria-busy="true" style={{ padding: '2rem' }}>
            Loading...
          </div>
        }
      >
        <LoadedPage load={loadPage(remote, module, attempt)} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
