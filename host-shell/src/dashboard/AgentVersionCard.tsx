import { Badge, Box, Flex, Link, Radio, Text } from '@chakra-ui/react';
import type { AgentVersion } from 'shared';

/** One version as a radio card: name, Beta badge, message and 'View release notes'. */
export function AgentVersionCard({ version, active }: { version: AgentVersion; active: boolean }) {
  return (
    <Box
      as="label"
      cursor="pointer"
      borderWidth="1px"
      borderColor={active ? 'blue.400' : 'gray.200'}
      bg={active ? 'blue.50' : 'white'}
      rounded="lg"
      p={3}
    >
      <Flex align="flex-start" gap={3}>
        <Radio value={version.version_number} mt={1} />
        <Box flex="1">
          <Flex align="center" gap={2}>
            <Text fontWeight="semibold">{version.name}</Text>
            {version.is_beta && <Badge colorScheme="purple">Beta</Badge>}
          </Flex>
          {version.message && (
            <Text fontSize="sm" color="gray.600" mt={1}>
              {version.message}
            </Text>
          )}
          {version.url && (
            <Link href={version.url} isExternal fontSize="sm" color="blue.600">
              View release notes
            </Link>
          )}
        </Box>
      </Flex>
    </Box>
  );
}
