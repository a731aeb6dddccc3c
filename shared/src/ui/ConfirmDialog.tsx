// Chakra UI parts of the dashboard, imported by path ('shared/src/ui/...'), never through the
// package index: the login route loads `shared` without Chakra.
import {
  AlertDialog,
  AlertDialogBody,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogOverlay,
  Button,
} from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  isLoading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive action's confirmation; Cancel has the focus. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  isLoading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog isOpen={isOpen} leastDestructiveRef={cancelRef} onClose={onClose} isCentered>
      <AlertDialogOverlay>
        <AlertDialogContent>
          <AlertDialogHeader>{title}</AlertDialogHeader>
          <AlertDialogBody>{children}</AlertDialogBody>
          <AlertDialogFooter gap={2}>
            <Button ref={cancelRef} variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button colorScheme="red" isLoading={isLoading} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialogOverlay>
    </AlertDialog>
  );
}
