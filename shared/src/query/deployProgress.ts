import { queryOptions, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the schemas stay on the server, the bundle gets none of them.
import type { DeployProgress, RunningDeploy } from 'contract';
import { DEPLOY_ACTION_LABELS, formatBytes } from 'contract/rules';
import { useEffect, useRef, useState } from 'react';
import { apiCall, apiGet } from '../api/client';
import { queryKeys } from './query-keys';

/** '850 ms', '12.4 s', '3 min 05 s': a deploy's time in its progress and its history. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** How often the panel reads the deploy again while it runs (or while this page starts one). */
const PROGRESS_POLL_MS = 1_000;

/** Under the app's server root, beside its history: invalidating the server's apps reads it again. */
const deployProgressKey = (agentId: string, appId: string) =>
  [...queryKeys.apps.all(agentId), 'progress', appId] as const;

/**
 * The app's running deploy, read again every second while one runs (or `watching`: this page just
 * started one); read once otherwise, so a page with nothing running costs one request.
 */
const deployProgressQueryOptions = (agentId: string, appId: string, watching: boolean) =>
  queryOptions({
    queryKey: deployProgressKey(agentId, appId),
    queryFn: async ({ signal }) => {
      const { deploy } = await apiGet<{ deploy: RunningDeploy | null }>('/api/v1/apps/get-deploy-progress', {
        query: { agent_id: agentId, app_id: appId },
        failureMessage: 'Failed to load the deploy progress',
        signal,
      });
      return { deploy, readAt: Date.now() };
    },
    refetchInterval: (query) => (watching || query.state.data?.deploy ? PROGRESS_POLL_MS : false),
  });

/** Asks the server to stop the deploy; the app is then put back as it was before it. */
function useCancelDeployMutation(agentId: string, appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deployId: string) =>
      apiCall<unknown>('/api/v1/apps/cancel-deploy', {
        method: 'POST',
        query: { agent_id: agentId },
        body: { app_id: appId, deploy_id: deployId },
        failureMessage: 'Failed to cancel the deploy',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deployProgressKey(agentId, appId) }),
    meta: { errorToast: 'Error' },
  });
}

const STEP_TEXT: Record<Exclude<DeployProgress['step'], 'rolling-back'>, string> = {
  preparing: 'Preparing',
  pulling: 'Pulling images',
  building: 'Building images',
  starting: 'Starting services',
};

function stepText(progress: DeployProgress | null): string {
  if (!progress) return STEP_TEXT.preparing;
  if (progress.step === 'rolling-back')
    return progress.cancelled
      ? 'Cancelled: putting the app back as it was'
      : 'Failed: putting the app back as it was';
  return progress.cancelled ? 'Cancelling…' : STEP_TEXT[progress.step];
}

function imageText(image: DeployProgress['images'][number]): string {
  const state = image.state === 'pulled' ? 'Pulled' : image.state === 'failed' ? 'Pull failed' : 'Pulling';
  const layers = image.layers_total > 0 ? ` · ${image.layers_done}/${image.layers_total} layers` : '';
  const bytes =
    image.bytes_total > 0 ? ` · ${formatBytes(image.bytes_done)} of ${formatBytes(image.bytes_total)}` : '';
  return state + layers + bytes;
}

/** The deploy's time so far, counted on from the server's figure between two reads. */
function useElapsed(deploy: RunningDeploy | null, readAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deploy) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [deploy]);
  return deploy ? deploy.elapsed_ms + Math.max(0, now - readAt) : 0;
}

/** What shared/src/ui/DeployProgressPanel shows of a running deploy, in the user's words. */
export interface DeployProgressView {
  title: string;
  status: string;
  /** False once the deploy is being cancelled or rolled back. */
  cancellable: boolean;
  cancel: () => void;
  cancelling: boolean;
  images: { service: string; text: string; percent: number | null }[];
  builds: DeployProgress['builds'];
  services: { service: string; state: string; at: string }[];
}

/**
 * The app's running deploy as the progress panel shows it, or null when none runs: read every
 * second while one runs or while this page has a call pending (a deploy it started), else once.
 * The panel itself is bundled per remote, so what calls the server lives here, in the host's copy.
 */
export function useDeployProgress(
  agentId: string,
  appId: string,
  /** Called when a deploy this page showed is no longer running (the page may read its app again). */
  onEnded?: () => void,
): DeployProgressView | null {
  const watching = useIsMutating() > 0;
  const query = useQuery(deployProgressQueryOptions(agentId, appId, watching));
  const deploy = query.data?.deploy ?? null;
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current !== null && deploy === null) onEnded?.();
    shown.current = deploy?.id ?? null;
  }, [deploy, onEnded]);
  const elapsed = useElapsed(deploy, query.data?.readAt ?? 0);
  const cancel = useCancelDeployMutation(agentId, appId);
  if (!deploy) return null;
  const { progress } = deploy;
  return {
    title: DEPLOY_ACTION_LABELS[deploy.action] + (deploy.version ? ` ${deploy.version}` : ''),
    status: `${stepText(progress)} · ${formatDuration(Math.round(elapsed / 1000) * 1000)}`,
    cancellable: !(progress?.cancelled || progress?.step === 'rolling-back'),
    cancel: () => cancel.mutate(deploy.id),
    cancelling: cancel.isPending,
    images: (progress?.images ?? []).map((image) => ({
      service: image.service,
      text: imageText(image),
      percent: image.bytes_total > 0 ? (100 * image.bytes_done) / image.bytes_total : null,
    })),
    builds: progress?.builds ?? [],
    services: (progress?.services ?? []).map((service) => ({
      service: service.service,
      state: service.state,
      at: formatDuration(service.at_ms),
    })),
  };
}
