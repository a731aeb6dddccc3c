import { Box, Flex, Spinner, Text } from '@chakra-ui/react';

/** The catalog pages' shared states: no server selected, loading, and a failed catalog with its error. */
export function NoAgentSelected() {
  return (
    <Text color="gray.600">No Agent Selected - Please select an agent to browse available applications.</Text>
  );
}

export function CatalogLoading({ text }: { text: string }) {
  return (
    <Flex align="center" gap={3} color="gray.600">
      <Spinner size="sm" />
      <Text>{text}</Text>
    </Flex>
  );
}

export function CatalogLoadError({ error }: { error: Error }) {
  return (
    <Box role="alert">
      <Text fontWeight="semibold">Failed to load catalog</Text>
      <Text fontSize="sm" color="red.600">
        {error.message}
      </Text>
    </Box>
  );
}
