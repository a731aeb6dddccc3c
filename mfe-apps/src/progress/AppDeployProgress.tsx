import { useDeployProgress } from 'shared';
import { DeployProgressPanel } from 'shared/src/ui/DeployProgressPanel';

/** The app's running deploy, if any (shared's panel, fed from the host's `useDeployProgress`). */
export function AppDeployProgress({
  agentId,
  appId,
  canCancel,
  onEnded,
}: {
  agentId: string;
  appId: string;
  canCancel: boolean;
  onEnded?: () => void;
}) {
  return <DeployProgressPanel progress={useDeployProgress(agentId, appId, onEnded)} canCancel={canCancel} />;
}
