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
import { useState, type FormEvent } from 'react';
import { ORGANIZATION_NAME_MAX_LENGTH, validateOrganizationName } from 'shared';
import { useCreateOrganizationMutation } from '../api/useCreateOrganizationMutation';

interface CreateOrganizationDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the new organization's id once created (the caller selects it). */
  onCreated: (organizationId: string) => void;
}

/** Creates an organization; the user becomes its owner with 0 licenses. */
export function CreateOrganizationDialog({ isOpen, onClose, onCreated }: CreateOrganizationDialogProps) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const error = validateOrganizationName(name);

  const create = useCreateOrganizationMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error)
      create.mutate(name.trim(), {
        onSuccess: (organization) => {
          onCreated(organization.id);
          setName('');
          setTouched(false);
          onClose();
        },
      });
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
