import { Card, CardBody, Code, Heading, ListItem, Stack, Text, UnorderedList } from '@chakra-ui/react';
import { ADMISSION_POLICY_COMMAND, AGENT_RESTART_COMMAND, admissionPolicyOf, type Agent } from 'shared';

/**
 * The admission policy the server's agent enforces, read-only: only the host's owner changes it,
 * on the server, so a dashboard account (or the API server) can never widen it.
 */
export function AdmissionPolicyCard({ agent }: { agent: Agent }) {
  const policy = admissionPolicyOf(agent.capabilities);
  return (
    <Card variant="outline" data-testid="admission-policy">
      <CardBody>
        <Stack spacing={3}>
          <Heading size="sm">Admission policy</Heading>
          {policy === null ? (
            <Text fontSize="sm" color="gray.600">
              This server's agent does not report an admission policy. Update the agent: until then it checks
              nothing its apps ask of the host.
            </Text>
          ) : (
            <>
              <Text fontSize="sm">
                Host access:{' '}
                <Text as="strong">
                  {policy.hostAccess
                    ? 'On: apps may do anything on this server (privileged containers, host network, any folder, the Docker socket)'
                    : 'Off: privileged containers, host namespaces, devices, the Docker socket and folders outside the allowed ones are refused'}
                </Text>
              </Text>
              <Text fontSize="sm">
                Allowed folders:{' '}
                <Text as="strong">{policy.bindRoots.length > 0 ? policy.bindRoots.join(', ') : 'none'}</Text>{' '}
                (each app's own folder is always allowed)
              </Text>
            </>
          )}
          <Text fontSize="sm" color="gray.600">
            Only the server's owner can change this, on the server itself, with one of these commands and then
            a restart of the agent:
          </Text>
          {/* Each command in a box of its own that wraps on a narrow screen, never widening the page. */}
          <UnorderedList styleType="none" ml={0} spacing={1} aria-label="Commands on the server">
            {[
              `${ADMISSION_POLICY_COMMAND} show`,
              `${ADMISSION_POLICY_COMMAND} allow-bind /srv/media`,
              `${ADMISSION_POLICY_COMMAND} host-access on`,
              AGENT_RESTART_COMMAND,
            ].map((command) => (
              <ListItem key={command}>
                <Code display="block" maxW="100%" px={2} py={1} whiteSpace="pre-wrap" wordBreak="break-all">
                  {command}
                </Code>
              </ListItem>
            ))}
          </UnorderedList>
        </Stack>
      </CardBody>
    </Card>
  );
}
