import { Stack } from '@chakra-ui/react';
import { FailedDeployLogs } from './FailedDeployLogs';
import { LogsTab, type LogsTabProps } from './LogsTab';

/** The Logs tab of the app page: a failed deploy's last lines (its containers are gone after the rollback), then the live logs. */
export default function LogsPane(props: LogsTabProps) {
  return (
    <Stack spacing={3}>
      <FailedDeployLogs agentId={props.agentId} appId={props.appId} />
      <LogsTab {...props} />
    </Stack>
  );
}
