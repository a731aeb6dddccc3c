import { Badge, Box, Button, Flex, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import type { DeployProgressView } from '../query/deployProgress';

function Images({ images }: { images: DeployProgressView['images'] }) {
  return (
    <Stack spacing={2} aria-label="Images">
      {images.map((image) => (
        <Box key={image.service} data-testid="progress-image">
          <Flex gap={2} align="center" wrap="wrap" fontSize="sm">
            <Text fontWeight="semibold">{image.service}</Text>
            <Text color="gray.600">{image.text}</Text>
          </Flex>
          {image.percent !== null && (
            <Progress size="xs" mt={1} value={image.percent} aria-label={`${image.service} download`} />
          )}
        </Box>
      ))}
    </Stack>
  );
}

function Builds({ builds }: { builds: DeployProgressView['builds'] }) {
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

function Services({ services }: { services: DeployProgressView['services'] }) {
  return (
    <Flex gap={3} wrap="wrap" aria-label="Services">
      {services.map((service) => (
        <Flex key={service.service} gap={1} align="center" fontSize="sm" data-testid="progress-service">
          <Text fontWeight="semibold">{service.service}</Text>
          <Badge colorScheme={STATE_COLOR[service.state] ?? 'blue'}>{service.state}</Badge>
          <Text color="gray.600">at {service.at}</Text>
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * The app's running deploy as it goes (issue 14): its step and time, per image the pull, each
 * build's last lines, each service's state; with Cancel, which puts the app back as it was.
 * Bundled per remote (like DeployFailure); its data comes from shared's `useDeployProgress`,
 * so it shows any deploy of the app, also one started elsewhere or before a reload.
 */
export function DeployProgressPanel({
  progress,
  canCancel,
}: {
  progress: DeployProgressView | null;
  canCancel: boolean;
}) {
  if (!progress) return null;
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
        <Heading size="sm">{progress.title}</Heading>
        <Text color="gray.600" data-testid="progress-step">
          {progress.status}
        </Text>
        {canCancel && progress.cancellable && (
          <Button
            size="sm"
            ml="auto"
            colorScheme="red"
            variant="outline"
            isLoading={progress.cancelling}
            loadingText="Cancelling..."
            onClick={progress.cancel}
          >
            Cancel deploy
          </Button>
        )}
      </Flex>
      <Stack spacing={3}>
        {progress.images.length > 0 && <Images images={progress.images} />}
        {progress.builds.length > 0 && <Builds builds={progress.builds} />}
        {progress.services.length > 0 && <Services services={progress.services} />}
      </Stack>
    </Box>
  );
}
