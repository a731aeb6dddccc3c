import {
  Accordion,
  AccordionButton,
  AccordionIcon,
  AccordionItem,
  AccordionPanel,
  Badge,
  Box,
  Flex,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  DEPLOY_ACTION_LABELS,
  deployOutputQueryOptions,
  formatDuration,
  type DeployHistoryEntry,
  type DeployResult,
} from 'shared';
import { DeployOutput } from 'shared/src/ui/DeployOutput';
import { deployHistoryQueryOptions } from './history-api';

/** `?deploy=<id>` opens that entry (a failed deploy's error links here). */
const DEPLOY_PARAM = 'deploy';

const RESULT_BADGE: Record<DeployResult, { label: string; colorScheme: string }> = {
  running: { label: 'Running', colorScheme: 'blue' },
  succeeded: { label: 'Succeeded', colorScheme: 'green' },
  failed: { label: 'Failed', colorScheme: 'red' },
};

function EntrySummary({ entry }: { entry: DeployHistoryEntry }) {
  const badge = RESULT_BADGE[entry.result];
  return (
    <Stack spacing={1} flex="1" textAlign="left" minW={0}>
      <Flex gap={2} align="center" wrap="wrap">
        <Text fontWeight="semibold">{DEPLOY_ACTION_LABELS[entry.action]}</Text>
        {entry.version && <Text color="gray.600">{entry.version}</Text>}
        <Badge colorScheme={badge.colorScheme}>{badge.label}</Badge>
      </Flex>
      <Text fontSize="sm" color="gray.600">
        {[
          new Date(entry.started_at).toLocaleString(),
          entry.user ? `by ${entry.user}` : null,
          entry.duration_ms === null ? null : formatDuration(entry.duration_ms),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {entry.message && (
        <Text fontSize="sm" color="red.600" noOfLines={2}>
          {entry.message}
        </Text>
      )}
    </Stack>
  );
}

/** The app's last deploys, newest first; an entry opens to its full output. */
export function HistoryTab({ agentId, appId }: { agentId: string; appId: string }) {
  const history = useQuery(deployHistoryQueryOptions(agentId, appId));
  const [searchParams] = useSearchParams();
  const linked = searchParams.get(DEPLOY_PARAM);
  const [open, setOpen] = useState<number[] | null>(null);

  if (history.isPending) return <Text color="gray.600">Loading the deploy history...</Text>;
  if (history.isError) return <Text color="red.600">{history.error.message}</Text>;
  const entries = history.data;
  if (entries.length === 0) return <Text color="gray.600">No deploys recorded yet.</Text>;
  const linkedIndex = entries.findIndex((entry) => entry.id === linked);
  const expanded = open ?? (linkedIndex >= 0 ? [linkedIndex] : []);
  return (
    <Accordion
      allowMultiple
      index={expanded}
      onChange={(index) => setOpen(Array.isArray(index) ? index : [index])}
      aria-label="Deploy history"
    >
      {entries.map((entry, index) => (
        <AccordionItem key={entry.id} data-testid="deploy-entry">
          <h3>
            <AccordionButton>
              <EntrySummary entry={entry} />
              <AccordionIcon />
            </AccordionButton>
          </h3>
          <AccordionPanel>
            {expanded.includes(index) && (
              <Box>
                {entry.message && <Text mb={2}>{entry.message}</Text>}
                <DeployOutput query={deployOutputQueryOptions(agentId, entry.id, appId)} />
              </Box>
            )}
          </AccordionPanel>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
