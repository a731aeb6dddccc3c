import { Text } from '@chakra-ui/react';
import type { ComposeFilesInUse } from 'shared';

/**
 * Which compose files (and profiles) the app runs with, as the server reads Compose's rules from
 * its files and COMPOSE_FILE / COMPOSE_PROFILES; or why it cannot run.
 */
export function ComposeInUse({ compose }: { compose: ComposeFilesInUse | undefined }) {
  if (!compose) return null;
  if (compose.error)
    return (
      <Text role="alert" fontSize="sm" color="orange.700">
        {compose.error}
      </Text>
    );
  return (
    <Text fontSize="sm" color="gray.700" data-testid="compose-in-use">
      Compose files in use: {compose.files.join(', ')}
      {compose.profiles.length > 0 && ` · Profiles: ${compose.profiles.join(', ')}`}
    </Text>
  );
}
