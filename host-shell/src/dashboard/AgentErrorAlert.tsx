import { Alert, AlertDescription, AlertIcon } from '@chakra-ui/react';

/** Why the server list could not load, in place of the dashboard (a Chakra island, see chakra-scope). */
export function AgentErrorAlert({ message }: { message: string }) {
  return (
    <Alert status="error" rounded="xl">
      <AlertIcon />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
