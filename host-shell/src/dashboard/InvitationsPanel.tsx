import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useToastMessage } from 'shared';
import { invitationsQueryOptions, type Invitation } from '../api/invitation-api';
import { useAcceptInvitationMutation } from '../api/useAcceptInvitationMutation';
import { useDeclineInvitationMutation } from '../api/useDeclineInvitationMutation';

function inviterText(invitation: Invitation): string {
  const { inviter } = invitation;
  if (!inviter) return 'You were invited';
  return inviter.name === inviter.email
    ? `${inviter.email} invited you`
    : `${inviter.name} (${inviter.email}) invited you`;
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const showToast = useToastMessage();
  const accept = useAcceptInvitationMutation();
  const decline = useDeclineInvitationMutation();
  const busy = accept.isPending || decline.isPending;
  const organization = invitation.organization_name;
  return (
    <Flex
      as="li"
      align={{ base: 'stretch', md: 'center' }}
      justify="space-between"
      gap={3}
      direction={{ base: 'column', md: 'row' }}
    >
      <Text fontSize="sm">
        {inviterText(invitation)} to join <strong>{organization}</strong> as {invitation.role}.
      </Text>
      <Flex gap={2} flexShrink={0}>
        <Button
          size="sm"
          aria-label={`Accept the invitation to ${organization}`}
          isLoading={accept.isPending}
          isDisabled={busy}
          onClick={() =>
            accept.mutate(invitation.id, {
              onSuccess: () =>
                showToast({
                  title: 'Invitation accepted',
                  description: `You joined ${organization}.`,
                  status: 'success',
                }),
            })
          }
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Decline the invitation to ${organization}`}
          isLoading={decline.isPending}
          isDisabled={busy}
          onClick={() =>
            decline.mutate(invitation.id, {
              onSuccess: () => showToast({ title: 'Invitation declined', status: 'success' }),
            })
          }
        >
          Decline
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * Invitations to organizations addressed to the signed-in user: nothing joins before they accept
 * (the organization and its servers then appear); declining drops the invitation.
 */
export function InvitationsPanel() {
  const invitations = useQuery(invitationsQueryOptions());
  if (!invitations.data?.length) return null;
  return (
    <Box
      as="section"
      aria-label="Invitations"
      bg="blue.50"
      borderWidth="1px"
      borderColor="blue.200"
      rounded="2xl"
      p={5}
    >
      <Heading as="h2" size="sm" mb={3}>
        Invitations
      </Heading>
      <Stack as="ul" listStyleType="none" spacing={3}>
        {invitations.data.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </Stack>
    </Box>
  );
}
