import {
  Badge,
  Box,
  Button,
  Flex,
  FormControl,
  FormErrorMessage,
  FormHelperText,
  FormLabel,
  Input,
  Select,
  Table,
  TableCaption,
  Tbody,
  Td,
  Text,
  Th,
  Thead,
  Tr,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useToastMessage, validateInviteEmail, type UserOrganization } from 'shared';
import { ConfirmDialog } from 'shared/src/ui/ConfirmDialog';
import { INVITE_ROLE, membersQueryOptions, type MemberEntry } from './member-api';
import { useInviteMemberMutation } from './useInviteMemberMutation';
import { useRemoveMemberMutation } from './useRemoveMemberMutation';

/**
 * Members tab (Business organizations): invite by email, the member table, removal. An invitation
 * stays 'Invited' until its invitee accepts it; removing it withdraws it.
 */
export function MembersPanel({ organization }: { organization: UserOrganization }) {
  const showToast = useToastMessage();
  const members = useQuery(membersQueryOptions(organization.id));
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [removing, setRemoving] = useState<MemberEntry | null>(null);
  const emailError = validateInviteEmail(email);

  const invite = useInviteMemberMutation(organization.id);
  const remove = useRemoveMemberMutation(organization.id);
  const inviteEmail = (address: string) =>
    invite.mutate(address, {
      onSuccess: (message) => {
        // The spec's title; the server's message says the invitee joins once they accept.
        showToast({
          title: 'Member added',
          description: message === 'Member added' ? undefined : message,
          status: 'success',
        });
        setEmail('');
        setTouched(false);
      },
    });
  const removeEntry = (member: MemberEntry) =>
    remove.mutate(member, {
      onSuccess: () =>
        showToast({
          title: 'Member removed',
          description: member.pending ? 'Invitation withdrawn' : undefined,
          status: 'success',
        }),
      onSettled: () => setRemoving(null),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!emailError) inviteEmail(email.trim());
  };

  return (
    <Box as="section" aria-label="Members" bg="white" borderWidth="1px" rounded="2xl" p={5}>
      <Flex as="form" onSubmit={submit} gap={2} align="flex-start" wrap="wrap" mb={5}>
        <FormControl isInvalid={touched && Boolean(emailError)} maxW="22rem">
          <FormLabel fontSize="sm">Email</FormLabel>
          <Input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="name@example.com"
          />
          <FormErrorMessage>{emailError}</FormErrorMessage>
          <FormHelperText>Use the email of their sign-in account.</FormHelperText>
        </FormControl>
        <FormControl w="10rem">
          <FormLabel fontSize="sm">Role</FormLabel>
          <Select value={INVITE_ROLE} onChange={() => undefined}>
            <option value={INVITE_ROLE}>Admin</option>
          </Select>
        </FormControl>
        <Button type="submit" mt={7} isLoading={invite.isPending}>
          Invite
        </Button>
      </Flex>

      {members.isPending && <Text color="gray.600">Loading members...</Text>}
      {members.error && <Text color="red.600">{members.error.message}</Text>}
      {members.data && (
        <Table size="sm">
          {/* Spec section 6: a member's role cannot be changed yet; say so where roles are shown. */}
          <TableCaption placement="bottom" textAlign="left" px={0} mx={0}>
            Role updates are not available yet
          </TableCaption>
          <Thead>
            <Tr>
              <Th>Email</Th>
              <Th>Role</Th>
              <Th />
            </Tr>
          </Thead>
          <Tbody>
            {members.data.map((member) => (
              <Tr key={member.user_id}>
                <Td>
                  {member.email}
                  {member.pending && (
                    <>
                      <Badge ml={2} colorScheme="yellow">
                        Invited
                      </Badge>
                      <Text as="span" ml={2} fontSize="xs" color="gray.600">
                        waiting for them to accept
                      </Text>
                    </>
                  )}
                </Td>
                <Td textTransform="capitalize">{member.role}</Td>
                <Td textAlign="right">
                  {member.role !== 'owner' && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorScheme="red"
                      aria-label={`Remove ${member.email}`}
                      onClick={() => setRemoving(member)}
                    >
                      Remove
                    </Button>
                  )}
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}

      <ConfirmDialog
        isOpen={removing !== null}
        title={
          removing?.pending
            ? `Withdraw the invitation to ${removing.email}?`
            : `Remove ${removing?.email ?? ''}?`
        }
        confirmLabel="Remove"
        isLoading={remove.isPending}
        onConfirm={() => removing && removeEntry(removing)}
        onClose={() => setRemoving(null)}
      >
        {removing?.pending
          ? 'They can no longer accept it and do not join this organization.'
          : 'They lose access to this organization and its servers.'}
      </ConfirmDialog>
    </Box>
  );
}
