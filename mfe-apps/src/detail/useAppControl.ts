import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  AppStatus,
  appStatusesQueryOptions,
  queryKeys,
  useToastMessage,
  type AppOperation,
  type AppStatusCode,
} from 'shared';
import { useControlAppMutation } from '../useControlAppMutation';
import { OPERATION_DONE, POLL_RESUME_MS, TRANSITION_MAX_MS, isTransitionOver } from './app-controls';

export interface AppControl {
  status: AppStatusCode | null;
  /** The operation running now, if any. */
  operation: AppOperation | null;
  /** An operation or its transition window is running: every control is off. */
  busy: boolean;
  run: (operation: AppOperation) => void;
  /** Why the last operation failed (cleared when the next one starts). */
  error: Error | null;
}

/**
 * An app's status and its controls (spec section 4): statuses are polled every 12 s while the
 * server is online and its Docker answers (`isLive`); an action pauses polling, which resumes 2 s
 * after it with a refresh.
 */
export function useAppControl(agentId: string, appId: string, isLive: boolean): AppControl {
  const queryClient = useQueryClient();
  const showToast = useToastMessage();
  const [paused, setPaused] = useState(false);
  const [transitionStartedAt, setTransitionStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const statuses = useQuery(appStatusesQueryOptions(agentId, isLive && !paused));
  // An offline server (or one whose Docker does not answer) reports nothing: the state is unknown.
  const status = isLive ? (statuses.data?.[appId] ?? null) : AppStatus.Unknown;

  const resumeSoon = () =>
    window.setTimeout(() => {
      setPaused(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps.statuses(agentId) });
    }, POLL_RESUME_MS);

  const control = useControlAppMutation(agentId, appId);
  const run = (operation: AppOperation) => {
    setPaused(true);
    setTransitionStartedAt(Date.now());
    control.mutate(operation, {
      onSuccess: () => showToast({ title: OPERATION_DONE[operation], status: 'success' }),
      onSettled: () => resumeSoon(),
    });
  };

  // The transition marker needs a clock only while it may still be running.
  useEffect(() => {
    if (transitionStartedAt === null) return undefined;
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick - transitionStartedAt >= TRANSITION_MAX_MS) setTransitionStartedAt(null);
    }, 500);
    return () => window.clearInterval(timer);
  }, [transitionStartedAt]);
  const transitioning =
    transitionStartedAt !== null &&
    !isTransitionOver(transitionStartedAt, now, statuses.dataUpdatedAt || null);

  return {
    status,
    operation: control.isPending ? control.variables : null,
    busy: control.isPending || transitioning,
    run,
    error: control.error,
  };
}
