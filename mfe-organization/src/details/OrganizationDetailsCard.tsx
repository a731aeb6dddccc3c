import {
  Box,
  Button,
  Flex,
  FormControl,
  FormErrorMessage,
  FormLabel,
  Heading,
  Input,
  Text,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  canDeleteOrganization,
  ORGANIZATION_NAME_MAX_LENGTH,
  useCurrentAgent,
  useCurrentUser,
  useToastMessage,
  validateOrganizationName,
  type UserOrganization,
} from 'shared';
import { ConfirmDialog } from 'shared/src/ui/ConfirmDialog';
import { useDeleteOrganizationMutation } from './useDeleteOrganizationMutation';
import { useRenameOrganizationMutation } from './useRenameOrganizationMutation';

/** Details tab: rename the organization (max 255 characters) and, for its owner, delete it. */
export function OrganizationDetailsCard({ organization }: { organization: UserOrganization }) {
  const { user } = useCurrentUser();
  const { agents, isAgentOnline } = useCurrentAgent();
  // The server refuses while any of the organization's servers is online; say so before asking.
  const onlineServers = agents.filter(
    (agent) => agent.organization_id === organization.id && isAgentOnline(agent.id),
  );
  const showToast = useToastMessage();
  const [name, setName] = useState(organization.name);
  const [confirming, setConfirming] = useState(false);
  const error = validateOrganizationName(name);
  const changed = name.trim() !== organization.name;
  const rename = useRenameOrganizationMutation(organization.id);
  const remove = useDeleteOrganizationMutation(organization.id);
  const deleteOrganization = () => remove.mutate(undefined, { onSettled: () => setConfirming(false) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && !error)
      rename.mutate(name.trim(), {
        onSuccess: (saved) => {
          setName(saved);
          showToast({ title: 'Saved', description: 'Organization name updated', status: 'success' });
        },
      });
  };

  return (
    <Box as="section" aria-label="Organization details" bg="white" borderWidth="1px" rounded="2xl" p={5}>
      <Heading as="h2" size="sm" mb={4}>
        Organization
      </Heading>
      <Flex as="form" onSubmit={submit} align="flex-start" gap={2} wrap="wrap">
        <FormControl isInvalid={Boolean(error)} maxW="24rem">
          <FormLabel fontSize="sm">Organization name</FormLabel>
          <Input
            value={name}
            maxLength={ORGANIZATION_NAME_MAX_LENGTH + 1}
            onChange={(event) => setName(event.target.value)}
          />
          <FormErrorMessage>{error}</FormErrorMessage>
        </FormControl>
        <Button type="submit" mt={7} isDisabled={!changed || Boolean(error)} isLoading={rename.isPending}>
          Save
        </Button>
      </Flex>

      {canDeleteOrganization(user, organization.id) && (
        <Flex mt={6} pt={4} borderTopWidth="1px" align="center" justify="space-between" gap={3} wrap="wrap">
          <Text fontSize="sm" color="gray.600">
            {onlineServers.length > 0
              ? `Stop the agent on ${onlineServers.map((agent) => agent.name).join(', ')} first: an organization can be deleted only when all its servers are offline.`
              : 'Deleting the organization removes its servers from Dockhand. All of them must be offline.'}
          </Text>
          <Button
            colorScheme="red"
            variant="outline"
            size="sm"
            isDisabled={onlineServers.length > 0}
            onClick={() => setConfirming(true)}
          >
            Delete Organization
          </Button>
        </Flex>
      )}

      <ConfirmDialog
        isOpen={confirming}
        title={`Delete ${organization.name}?`}
        confirmLabel="Delete"
        isLoading={remove.isPending}
        onConfirm={deleteOrganization}
        onClose={() => setConfirming(false)}
      >
        This action cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
