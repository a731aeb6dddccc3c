import { Badge, Box, Button, Flex, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DEPLOY_ACTION_LABELS, formatBytes } from 'shared';
import { formatDuration } from '../history/HistoryTab';
import {
  deployProgressQueryOptions,
  useCancelDeployMutation,
  type DeployProgress,
  type RunningDeploy,
} from './progress-api';

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

function Images({ images }: { images: DeployProgress['images'] }) {
  return (
    <Stack spacing={2} aria-label="Images">
      {images.map((image) => (
        <Box key={image.service} data-testid="progress-image">
          <Flex gap={2} align="center" wrap="wrap" fontSize="sm">
            <Text fontWeight="semibold">{image.service}</Text>
            <Text color="gray.600">
              {image.state === 'pulled' ? 'Pulled' : image.state === 'failed' ? 'Pull failed' : 'Pulling'}
              {image.layers_total > 0 && ` · ${image.layers_done}/${image.layers_total} layers`}
              {image.bytes_total > 0 &&
                ` · ${formatBytes(image.bytes_done)} of ${formatBytes(image.bytes_total)}`}
            </Text>
          </Flex>
          {image.bytes_total > 0 && (
            <Progress
              size="xs"
              mt={1}
              value={(100 * image.bytes_done) / image.bytes_total}
              aria-label={`${image.service} download`}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}

function Builds({ builds }: { builds: DeployProgress['builds'] }) {
  return (
    <Stack spacing={2}>
      {builds.map((build) => (
        <Box key={build.service}>
          <Text fontSize="sm" fontWeight="semibold">
            Build of {build.service}
            {build.done ? ' · done' : ''}
          </Text>
          <Box
            as="pre"
            data-testid="progress-build-output"
            fontSize="xs"
            bg="gray.900"
            color="gray.100"
            p={2}
            rounded="md"
            maxH="12rem"
            overflow="auto"
            whiteSpace="pre-wrap"
          >
            {build.lines.join('\n')}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

const STATE_COLOR: Record<string, string> = {
  healthy: 'green',
  running: 'green',
  started: 'green',
  failed: 'red',
  unhealthy: 'red',
  exited: 'red',
};

function Services({ services }: { services: DeployProgress['services'] }) {
  return (
    <Flex gap={3} wrap="wrap" aria-label="Services">
      {services.map((service) => (
        <Flex key={service.service} gap={1} align="center" fontSize="sm" data-testid="progress-service">
          <Text fontWeight="semibold">{service.service}</Text>
          <Badge colorScheme={STATE_COLOR[service.state] ?? 'blue'}>{service.state}</Badge>
          <Text color="gray.600">at {formatDuration(service.at_ms)}</Text>
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * The app's running deploy as it goes (issue 14): its step and time, per image the pull, each
 * build's last lines, each service's state; with Cancel, which puts the app back as it was.
 * Shown whenever the app has a deploy running, also one started elsewhere or before a reload.
 */
export function DeployProgressPanel({
  agentId,
  appId,
  canCancel,
  onEnded,
}: {
  agentId: string;
  appId: string;
  canCancel: boolean;
  /** Called when a deploy this panel showed is no longer running (the page may read its app again). */
  onEnded?: () => void;
}) {
  // A deploy this page starts (save, update, redeploy) shows while its call runs.
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
  const putBack = progress?.cancelled || progress?.step === 'rolling-back';
  return (
    <Box
      as="section"
      aria-label="Deploy in progress"
      borderWidth="1px"
      borderColor="blue.200"
      rounded="md"
      p={4}
    >
      <Flex gap={3} align="center" wrap="wrap" mb={3}>
        <Heading size="sm">
          {DEPLOY_ACTION_LABELS[deploy.action]}
          {deploy.version ? ` ${deploy.version}` : ''}
        </Heading>
        <Text color="gray.600" data-testid="progress-step">
          {stepText(progress)} · {formatDuration(Math.round(elapsed / 1000) * 1000)}
        </Text>
        {canCancel && !putBack && (
          <Button
            size="sm"
            ml="auto"
            colorScheme="red"
            variant="outline"
            isLoading={cancel.isPending}
            loadingText="Cancelling..."
            onClick={() => cancel.mutate(deploy.id)}
          >
            Cancel deploy
          </Button>
        )}
      </Flex>
      {progress && (
        <Stack spacing={3}>
          {progress.images.length > 0 && <Images images={progress.images} />}
          {progress.builds.length > 0 && <Builds builds={progress.builds} />}
          {progress.services.length > 0 && <Services services={progress.services} />}
        </Stack>
      )}
    </Box>
  );
}
