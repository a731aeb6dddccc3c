import type { RemoteRecord } from './federation/remote-records';

declare global {
  interface Window {
    /** Versions of the remotes in use on this page, for tests and support. */
    __DOCKHAND_REMOTES__?: Record<string, RemoteRecord>;
  }
}

export {};
