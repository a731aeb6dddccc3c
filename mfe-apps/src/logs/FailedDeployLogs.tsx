import { Alert, AlertDescription, AlertIcon, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { DEPLOY_ACTION_LABELS, deployHistoryPath, deployOutputQueryOptions, failedDeployLogs } from 'shared';
import { OutputText } from 'shared/src/ui/DeployOutput';
import { deployHistoryQueryOptions } from '../history/history-api';

/**
 * The containers of the app's last deploy, when it failed: the rollback removed or replaced them,
 * so their last lines come from the deploy's output, where the agent kept them (agent/README.md
 * 'Logs of a failed deploy'). Nothing shows when the last deploy succeeded.
 */
export function FailedDeployLogs({ agentId, appId }: { agentId: string; appId: string }) {
  const history = useQuery(deployHistoryQueryOptions(agentId, appId));
  const last = history.data?.[0];
  const failed = last?.result === 'failed' ? last : undefined;
  const output = useQuery({
    ...deployOutputQueryOptions(agentId, failed?.id ?? '', appId),
    enabled: Boolean(failed),
  });
  const lines = output.data ? failedDeployLogs(output.data) : [];
  if (!failed || lines.length === 0) return null;
  return (
    <Alert status="warning" rounded="md" alignItems="flex-start" data-testid="failed-deploy-logs">
      <AlertIcon />
      <AlertDescription flex="1" minW={0}>
        <Stack spacing={2}>
          <Text>
            The last deploy ({DEPLOY_ACTION_LABELS[failed.action]},{' '}
            {new Date(failed.started_at).toLocaleString()}) failed and was rolled back. The last lines of its
            containers:
          </Text>
          <OutputText label="Last lines of the failed deploy's containers" maxH="16rem">
            {lines.map((line) => `${line.service || '?'} | ${line.message}`).join('\n')}
          </OutputText>
          <Link
            as={RouterLink}
            to={deployHistoryPath(appId, failed.id)}
            fontSize="sm"
            textDecoration="underline"
          >
            Open in the deploy history
          </Link>
        </Stack>
      </AlertDescription>
    </Alert>
  );
}
