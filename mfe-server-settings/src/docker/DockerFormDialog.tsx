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
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useToastMessage } from 'shared';

interface DockerFormDialogProps {
  title: string;
  submitLabel: string;
  /** The first broken rule of the form, or null. */
  validationError: string | null;
  create: () => Promise<string>;
  successMessage: string;
  /** The list the new entry joins (refetched on success). */
  listKey: QueryKey;
  onClose: () => void;
  /** The fields; `showErrors` turns true once the user tried to submit. */
  children: (showErrors: boolean) => ReactNode;
}

/** The add dialog of a Docker tab: validates on submit (Enter included), creates, toasts and closes. */
export function DockerFormDialog({
  title,
  submitLabel,
  validationError,
  create,
  successMessage,
  listKey,
  onClose,
  children,
}: DockerFormDialogProps) {
  const queryClient = useQueryClient();
  const showToast = useToastMessage();
  const [submitted, setSubmitted] = useState(false);
  const creation = useMutation({
    mutationFn: create,
    onSuccess: () => {
      showToast({ title: 'Success', description: successMessage, status: 'success' });
      void queryClient.invalidateQueries({ queryKey: listKey });
      onClose();
    },
    onError: (failure) => showToast({ title: 'Error', description: failure.message, status: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!validationError && !creation.isPending) creation.mutate();
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
          <Button type="submit" colorScheme="blue" isLoading={creation.isPending}>
            {submitLabel}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
