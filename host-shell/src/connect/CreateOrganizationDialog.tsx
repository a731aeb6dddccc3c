import {
  Button,
  FormControl,
  FormErrorMessage,
  FormLabel,
  Input,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
} from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ORGANIZATION_NAME_MAX_LENGTH, eventBus, useAuth, validateOrganizationName } from 'shared';
import { createOrganization } from '../api/agent-api';

interface CreateOrganizationDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the new organization's id once created (the caller selects it). */
  onCreated: (organizationId: string) => void;
}

/** Creates an organization; the user becomes its owner with 0 licenses. */
export function CreateOrganizationDialog({ isOpen, onClose, onCreated }: CreateOrganizationDialogProps) {
  const { upsertOrganization } = useAuth();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const error = validateOrganizationName(name);

  const create = useMutation({
    mutationFn: (organizationName: string) => createOrganization(organizationName),
    onSuccess: (organization) => {
      upsertOrganization({
        id: organization.id,
        name: organization.name,
        subscription_status: organization.subscription_status ?? 'free',
        role: 'owner',
        licenses: 0,
      });
      onCreated(organization.id);
      setName('');
      setTouched(false);
      onClose();
    },
    onError: (failure: Error) =>
      eventBus.publish('toast:show', { title: 'Error', description: failure.message, status: 'error' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error) create.mutate(name.trim());
  };

  return (
    <Modal isOpen={isOpen} onClose={onClose} isCentered>
      <ModalOverlay />
      <ModalContent as="form" onSubmit={submit}>
        <ModalHeader>Create Organization</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          <FormControl isInvalid={touched && Boolean(error)}>
            <FormLabel>Organization name</FormLabel>
            <Input
              autoFocus
              value={name}
              maxLength={ORGANIZATION_NAME_MAX_LENGTH + 1}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setTouched(true)}
              placeholder="Acme Inc."
            />
            <FormErrorMessage>{error}</FormErrorMessage>
          </FormControl>
        </ModalBody>
        <ModalFooter gap={2}>
          <Button variant="ghost" colorScheme="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            Create Organization
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
