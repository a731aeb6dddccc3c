import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { mergeContainers, mergeLogLines, newestTimestamp, type LogLine } from './log-buffer';
import { fetchLogsPage, logsErrorMessage } from './logs-api';

/** Spec section 9: the next request goes out 5000 ms after each answer. */
export const LOG_POLL_INTERVAL_MS = 5000;

export interface UseAppLogsOptions {
  agentId: string;
  appId: string;
  /** Polling runs only while enabled (feature on, server online); the buffer is kept meanwhile. */
  enabled: boolean;
}

export interface AppLogs {
  /** Buffered lines, oldest first (at most 2000). */
  lines: readonly LogLine[];
  /** Container id → name, from every page received. */
  containers: Readonly<Record<string, string>>;
  /** Message of the last failed fetch; cleared by the next successful one. */
  error: string | null;
  /** True once the first answer (lines or an error) has arrived. */
  hasLoaded: boolean;
  /** Empties the buffer: the next fetch asks for the latest 50 lines again. */
  clear: () => void;
}

interface Buffer {
  /** The agent and app the lines belong to. */
  scope: string;
  /** Bumped by clear(): an answer to a request sent before the clear is dropped. */
  generation: number;
  lines: readonly LogLine[];
  containers: Readonly<Record<string, string>>;
  error: string | null;
  hasLoaded: boolean;
}

const NO_LINES: readonly LogLine[] = [];
const NO_CONTAINERS: Readonly<Record<string, string>> = {};

function emptyBuffer(scope: string, generation = 0): Buffer {
  return { scope, generation, lines: NO_LINES, containers: NO_CONTAINERS, error: null, hasLoaded: false };
}

/**
 * Polls the logs of one app. The first request asks for the latest 50 lines, the next ones for the
 * lines since the newest one seen; each request is scheduled 5000 ms after the previous answer, and a
 * failure is reported in `error` without stopping the polling. The buffer lives in this hook (not in
 * the query cache): it is merged page by page, which a cached query result would not express.
 */
export function useAppLogs({ agentId, appId, enabled }: UseAppLogsOptions): AppLogs {
  const scope = `${agentId}\u0000${appId}`;
  const [state, setState] = useState<Buffer>(() => emptyBuffer(scope));
  // The poller reads the latest buffer from here; every write goes through `commit`.
  const buffer = useRef<Buffer>(state);

  const commit = useCallback((next: Buffer, { urgent = true } = {}) => {
    buffer.current = next;
    // A busy app's answer re-renders every visible row: as a transition, React renders it in slices
    // between which the page stays responsive, instead of in one long task.
    if (urgent) setState(next);
    else startTransition(() => setState(next));
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    if (buffer.current.scope !== scope) buffer.current = emptyBuffer(scope);

    const poll = async () => {
      const sent = buffer.current;
      try {
        const page = await fetchLogsPage({
          agentId,
          appId,
          newestTimestamp: newestTimestamp(sent.lines),
          signal: controller.signal,
        });
        if (stopped) return;
        const latest = buffer.current;
        if (latest.generation === sent.generation) {
          commit(
            {
              ...latest,
              lines: mergeLogLines(latest.lines, page.logs),
              containers: mergeContainers(latest.containers, page.containers),
              error: null,
              hasLoaded: true,
            },
            { urgent: false },
          );
        }
      } catch (error) {
        if (stopped) return;
        commit({ ...buffer.current, error: logsErrorMessage(error), hasLoaded: true });
      }
      timer = setTimeout(poll, LOG_POLL_INTERVAL_MS);
    };

    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [agentId, appId, scope, enabled, commit]);

  const clear = useCallback(() => {
    const current = buffer.current;
    commit({ ...emptyBuffer(current.scope, current.generation + 1), hasLoaded: current.hasLoaded });
  }, [commit]);

  // Until the first answer for a new agent or app arrives, show nothing of the previous one.
  const view = state.scope === scope ? state : emptyBuffer(scope);
  return {
    lines: view.lines,
    containers: view.containers,
    error: view.error,
    hasLoaded: view.hasLoaded,
    clear,
  };
}
