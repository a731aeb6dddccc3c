import type { Agent } from '../types';
import { ConfirmDialog } from './ConfirmDialog';

/** The confirmation before deleting a server; the caller makes the call (the server refuses while it is online). */
export function DeleteServerDialog({
  agent,
  isOpen,
  isLoading,
  onConfirm,
  onClose,
}: {
  agent: Agent;
  isOpen: boolean;
  isLoading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={`Delete ${agent.name}?`}
      confirmLabel="Delete"
      isLoading={isLoading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      This action cannot be undone. The server will be removed and must be connected again with a new code.
    </ConfirmDialog>
  );
}
