import { Card, CardBody, Code, Heading, Stack, Text } from '@chakra-ui/react';
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
            Only the server's owner can change this, on the server itself:{' '}
            <Code>{ADMISSION_POLICY_COMMAND} show</Code>,{' '}
            <Code>{ADMISSION_POLICY_COMMAND} allow-bind /srv/media</Code> or{' '}
            <Code>{ADMISSION_POLICY_COMMAND} host-access on</Code>, then <Code>{AGENT_RESTART_COMMAND}</Code>.
          </Text>
        </Stack>
      </CardBody>
    </Card>
  );
}
