import {
  Button,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
} from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useToastMessage } from 'shared';

interface DockerFormDialogProps {
  title: string;
  submitLabel: string;
  /** The first broken rule of the form, or null. */
  validationError: string | null;
  /** Starts the creation (a mutation hook's call); `onCreated` runs once it succeeded. */
  create: (onCreated: () => void) => void;
  isCreating: boolean;
  successMessage: string;
  onClose: () => void;
  /** The fields; `showErrors` turns true once the user tried to submit. */
  children: (showErrors: boolean) => ReactNode;
}

/** The add dialog of a Docker tab: validates on submit (Enter included), creates, toasts and closes (failures toast centrally). */
export function DockerFormDialog({
  title,
  submitLabel,
  validationError,
  create,
  isCreating,
  successMessage,
  onClose,
  children,
}: DockerFormDialogProps) {
  const showToast = useToastMessage();
  const [submitted, setSubmitted] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validationError || isCreating) return;
    create(() => {
      showToast({ title: 'Success', description: successMessage, status: 'success' });
      onClose();
    });
  };
  return (
    <Modal isOpen onClose={onClose} isCentered>
      <ModalOverlay />
      <ModalContent as="form" onSubmit={submit} noValidate>
        <ModalHeader>{title}</ModalHeader>
        <ModalCloseButton />
        <ModalBody>{children(submitted)}</ModalBody>
        <ModalFooter gap={2}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorScheme="blue" isLoading={isCreating}>
            {submitLabel}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
