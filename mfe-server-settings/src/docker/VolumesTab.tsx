import { useQuery } from '@tanstack/react-query';
import { formatBytes, type DockerVolume } from 'shared';
import { volumesQueryOptions } from './docker-api';
import { DockerResourceTab } from './DockerResourceTab';
import { useDeleteVolumeMutation } from './useDeleteVolumeMutation';

function describe(volume: DockerVolume): string {
  const size = volume.size === null ? 'size not reported' : formatBytes(volume.size);
  const owner = volume.app_id
    ? `used by app ${volume.app_name ?? volume.app_id}, removed when the app is deleted`
    : 'belongs to no app';
  return `${size} · ${owner}`;
}

/** The server's Docker volumes: each with its size and owning app; only a volume of no app can be deleted. */
export function VolumesTab({ agentId }: { agentId: string }) {
  const volumes = useQuery({
    ...volumesQueryOptions(agentId),
    select: (list) =>
      list.map((volume) => ({ key: volume.name, secondary: describe(volume), removable: !volume.app_id })),
  });
  const removal = useDeleteVolumeMutation(agentId);
  return (
    <DockerResourceTab
      agentId={agentId}
      label="Docker volumes"
      query={volumes}
      empty="No volumes on this server."
      remove={(name, onRemoved) => removal.mutate(name, { onSuccess: onRemoved })}
      isRemoving={removal.isPending}
      removedMessage="Volume deleted successfully"
      confirmTitle="Delete volume?"
      confirmText={(name) => (
        <>
          The volume <strong>{name}</strong> and the data in it are removed from the server. This action
          cannot be undone.
        </>
      )}
    />
  );
}
