import { useDeployProgress } from 'shared';
import { DeployProgressPanel } from 'shared/src/ui/DeployProgressPanel';

/**
 * The install's deploy as it runs, found by the new app's id (loaded with the first Install, so the
 * catalog's chunks stay within their size budget). Cancel puts the server back as it was: no app.
 */
export default function InstallProgress({ agentId, appId }: { agentId: string; appId: string }) {
  return <DeployProgressPanel progress={useDeployProgress(agentId, appId)} canCancel />;
}
