import { useQuery } from '@tanstack/react-query';
import type { DockerVolume } from 'shared';
import { volumesQueryOptions } from './docker-api';
import { DockerResourceTab } from './DockerResourceTab';
import { useDeleteVolumeMutation } from './useDeleteVolumeMutation';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → '1.5 KB' (powers of 1024, as Docker counts). */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

function describe(volume: DockerVolume): string {
  const size = volume.size === null ? 'size not reported' : formatSize(volume.size);
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
