import {
  Alert,
  AlertDescription,
  AlertIcon,
  Box,
  Button,
  Flex,
  FormControl,
  FormLabel,
  Input,
  Switch,
  Text,
} from '@chakra-ui/react';
import { memo, useId, useMemo, useState } from 'react';
import { isAgentFeatureEnabled, type Agent } from 'shared';
import { LazyLogViewer } from './LazyLogViewer';
import { filterLogLines } from './log-buffer';
import { useAppLogs } from './useAppLogs';

const LOGS_DISABLED_TEXT =
  'Application logs are disabled for this server. The agent may not be updated to the latest version or the feature is turned off.';
const NO_FILTER_MATCHES = 'No filter matches';

const VIEWER_HEIGHT = 480;

export interface LogsTabProps {
  agentId: string;
  appId: string;
  /** The app's server; its `app_logs` feature decides whether logs can be read. */
  agent: Pick<Agent, 'features'> | null | undefined;
  /** Polling stops while the server is offline; the lines already read stay. */
  isOnline: boolean;
}

/** Installed app, Logs tab (spec section 2): polled log lines with follow, search and clear. */
export function LogsTab({ agentId, appId, agent, isOnline }: LogsTabProps) {
  if (!isAgentFeatureEnabled(agent, 'app_logs')) {
    return (
      <Alert status="info" borderRadius="md">
        <AlertIcon />
        <AlertDescription>{LOGS_DISABLED_TEXT}</AlertDescription>
      </Alert>
    );
  }
  return <AppLogsPanel agentId={agentId} appId={appId} isOnline={isOnline} />;
}

function AppLogsPanel({ agentId, appId, isOnline }: Omit<LogsTabProps, 'agent'>) {
  const { lines, containers, error, hasLoaded, clear } = useAppLogs({ agentId, appId, enabled: isOnline });
  const [follow, setFollow] = useState(true);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterLogLines(lines, containers, search), [lines, containers, search]);

  return (
    <Flex direction="column" gap={3}>
      <LogsControls
        follow={follow}
        onFollowChange={setFollow}
        search={search}
        onSearchChange={setSearch}
        onClear={clear}
      />

      {!isOnline ? (
        <Text fontSize="sm" color="gray.600">
          Agent is offline
        </Text>
      ) : null}
      {error ? (
        <Alert status="error" borderRadius="md">
          <AlertIcon />
          <AlertDescription>Error: {error}</AlertDescription>
        </Alert>
      ) : null}

      <Box bg="gray.900" color="gray.100" borderRadius="md" overflow="hidden" data-testid="log-panel">
        {shown.length > 0 ? (
          <LazyLogViewer
            logs={shown}
            containers={containers}
            follow={follow}
            onFollowChange={setFollow}
            height={VIEWER_HEIGHT}
          />
        ) : (
          <Flex height={`${VIEWER_HEIGHT}px`} align="center" justify="center" color="gray.400">
            <Text>{emptyText({ hasLoaded, hasLines: lines.length > 0, isOnline })}</Text>
          </Flex>
        )}
      </Box>
    </Flex>
  );
}

interface LogsControlsProps {
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  search: string;
  onSearchChange: (search: string) => void;
  onClear: () => void;
}

/** Follow, search and clear. Memoised: a poll's new lines must not re-render (and re-style) them. */
const LogsControls = memo(function LogsControls({
  follow,
  onFollowChange,
  search,
  onSearchChange,
  onClear,
}: LogsControlsProps) {
  const followId = useId();
  return (
    <Flex gap={4} align="center" wrap="wrap">
      <FormControl display="flex" alignItems="center" width="auto">
        <Switch id={followId} isChecked={follow} onChange={(event) => onFollowChange(event.target.checked)} />
        <FormLabel htmlFor={followId} mb={0} ml={2}>
          Follow logs
        </FormLabel>
      </FormControl>
      <Input
        type="search"
        size="sm"
        maxW="sm"
        flex="1"
        aria-label="Search logs"
        placeholder="Search logs"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <Button size="sm" variant="outline" onClick={onClear}>
        Clear
      </Button>
    </Flex>
  );
});

function emptyText({
  hasLoaded,
  hasLines,
  isOnline,
}: {
  hasLoaded: boolean;
  hasLines: boolean;
  isOnline: boolean;
}): string {
  if (hasLines) return NO_FILTER_MATCHES;
  if (!hasLoaded && isOnline) return 'Loading logs...';
  return 'No log lines yet';
}
