import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appsQueryOptions, queryKeys } from 'shared';
import { AppDeployProgress } from './AppDeployProgress';

/**
 * The create page's deploy (loaded with the first Create, so the page's own chunk stays within its
 * size budget): its progress while it runs, found by the new app's id, also after a reload; a
 * create this page did not send (it ran through a reload) is done once its app is in the list.
 */
export default function CreateProgress({
  agentId,
  appId,
  sentHere,
  onCreated,
}: {
  agentId: string;
  appId: string;
  sentHere: boolean;
  onCreated: () => void;
}) {
  const queryClient = useQueryClient();
  const apps = useQuery(appsQueryOptions(agentId));
  const createdElsewhere = !sentHere && (apps.data ?? []).some((app) => app.id === appId);
  useEffect(() => {
    if (createdElsewhere) onCreated();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the list first holds the app
  }, [createdElsewhere]);
  return (
    <AppDeployProgress
      agentId={agentId}
      appId={appId}
      canCancel
      onEnded={() => void queryClient.invalidateQueries({ queryKey: queryKeys.apps.list(agentId) })}
    />
  );
}
