import { Box, Button, Flex, Spinner, Text, useClipboard } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { DeployOutputQuery } from '../query/deployQueries';

/** A deploy's full compose output, read when shown, with a button that copies it. */
export function DeployOutput({ query }: { query: DeployOutputQuery }) {
  const output = useQuery(query);
  const { onCopy, hasCopied } = useClipboard(output.data ?? '');
  if (output.isPending) return <Spinner size="sm" aria-label="Loading output" />;
  if (output.isError) return <Text color="red.600">{output.error.message}</Text>;
  if (!output.data) return <Text color="gray.600">No output was recorded for this deploy.</Text>;
  return (
    <Box>
      <Flex justify="flex-end" mb={1}>
        <Button size="xs" variant="outline" onClick={onCopy}>
          {hasCopied ? 'Copied' : 'Copy output'}
        </Button>
      </Flex>
      <OutputText label="Deploy output" maxH="24rem">
        {output.data}
      </OutputText>
    </Box>
  );
}

/** Text a program printed, as it printed it: monospaced, wrapped, scrolling past `maxH`. */
export function OutputText({ label, maxH, children }: { label: string; maxH: string; children: string }) {
  return (
    <Box
      as="pre"
      aria-label={label}
      fontFamily="mono"
      fontSize="xs"
      whiteSpace="pre-wrap"
      wordBreak="break-word"
      bg="gray.50"
      color="gray.800"
      borderWidth="1px"
      rounded="md"
      p={3}
      maxH={maxH}
      overflowY="auto"
    >
      {children}
    </Box>
  );
}
