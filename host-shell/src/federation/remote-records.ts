import { useSyncExternalStore } from 'react';
import type { SelectionReason } from './rollout';

/** What the page knows about one remote: the version in use and how it was chosen. */
export interface RemoteRecord {
  remote: string;
  status: 'loading' | 'loaded' | 'failed';
  /** The version selected by the rollout rules. */
  selectedVersion: string | null;
  /** The version actually running (differs from `selectedVersion` after a fallback). */
  version: string | null;
  reason: SelectionReason | null;
  /** Versions that failed to load, in order. */
  failedVersions: string[];
  error?: string;
}

const listeners = new Set<() => void>();
let records: Record<string, RemoteRecord> = {};

function publish(): void {
  window.__DOCKHAND_REMOTES__ = records;
  for (const listener of listeners) listener();
}

export function updateRemoteRecord(remote: string, change: Partial<RemoteRecord>): void {
  const previous: RemoteRecord = records[remote] ?? {
    remote,
    status: 'loading',
    selectedVersion: null,
    version: null,
    reason: null,
    failedVersions: [],
  };
  records = { ...records, [remote]: { ...previous, ...change } };
  publish();
}

function getRemoteRecords(): Record<string, RemoteRecord> {
  return records;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders when a remote's version or status changes (e.g. for the footer or user menu). */
export function useRemoteRecords(): Record<string, RemoteRecord> {
  return useSyncExternalStore(subscribe, getRemoteRecords, getRemoteRecords);
}
