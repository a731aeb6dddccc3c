import { Alert, AlertDescription, AlertIcon, Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DeployFailureProps } from '../query/deployQueries';
import { DeployOutput } from './DeployOutput';

/**
 * The agent's message starts with a line in the user's terms when it recognises the failure, then
 * compose's own last lines ('docker compose up failed (exit 1): …') and what became of the app.
 */
const COMPOSE_TAIL = /^(.+?\.)\s+(docker compose \S+ failed \(exit \d+\): [\s\S]*)$/;

/** The first line of a failure, and what follows it (empty when the message is one line). */
function splitFailureMessage(message: string): { firstLine: string; rest: string } {
  const tail = COMPOSE_TAIL.exec(message);
  return tail ? { firstLine: tail[1]!, rest: tail[2]! } : { firstLine: message, rest: '' };
}

/**
 * One error block for a failed install, create, update, redeploy, start or delete: the short
 * first line, the full compose output one click away (read when opened, copyable) and a link to
 * the deploy's entry in the app's history. Props come from `deployFailureProps` of 'shared'.
 */
export function DeployFailure({ message, output, historyPath }: DeployFailureProps) {
  const [open, setOpen] = useState(false);
  const { firstLine, rest } = splitFailureMessage(message);
  return (
    <Alert status="error" rounded="md" alignItems="flex-start" data-testid="deploy-failure">
      <AlertIcon />
      <AlertDescription flex="1" minW={0}>
        <Stack spacing={2}>
          <Text fontWeight="semibold">{firstLine}</Text>
          {rest && (
            <Text fontSize="sm" wordBreak="break-word">
              {rest}
            </Text>
          )}
          {(output || historyPath) && (
            <Flex gap={3} wrap="wrap" align="center">
              {output && (
                <Button size="xs" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
                  {open ? 'Hide full output' : 'Show full output'}
                </Button>
              )}
              {historyPath && (
                <Link as={RouterLink} to={historyPath} fontSize="sm" textDecoration="underline">
                  Open in the deploy history
                </Link>
              )}
            </Flex>
          )}
          {open && output && (
            <Box>
              <DeployOutput query={output} />
            </Box>
          )}
        </Stack>
      </AlertDescription>
    </Alert>
  );
}
