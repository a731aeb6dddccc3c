import { useMutation } from '@tanstack/react-query';
import { deleteAgent } from '../api/agents';
import { useToastMessage } from '../context/ToastContext';
import type { Agent } from '../types';
import { ConfirmDialog } from './ConfirmDialog';

/** Confirms and deletes a server (the server refuses while it is online); failures raise an Error toast. */
export function DeleteServerDialog({
  agent,
  isOpen,
  onClose,
  onDeleted,
}: {
  agent: Agent;
  isOpen: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const showToast = useToastMessage();
  const remove = useMutation({
    mutationFn: () => deleteAgent(agent.id),
    onSuccess: () => {
      onClose();
      onDeleted();
    },
    onError: (failure) => showToast({ title: 'Error', description: failure.message, status: 'error' }),
  });
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={`Delete ${agent.name}?`}
      confirmLabel="Delete"
      isLoading={remove.isPending}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      This action cannot be undone. The server will be removed and must be connected again with a new code.
    </ConfirmDialog>
  );
}
