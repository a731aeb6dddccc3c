import { Button, Tooltip } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * What 'secret' does and does not protect (README, Security model): said beside the toggle so
 * nobody mistakes it for protection from the people who may edit the app.
 */
const SECRET_HELP =
  "A secret is encrypted in your browser for this server's agent: the Dockhand server stores and " +
  'forwards it but cannot read it. It is not hidden from members who may edit this app: an admin ' +
  "can reveal it, for example by printing it into the app's logs.";

/** What a file or variable row offers, by its kind: secret toggle, override, and removal. */
interface EntryActionHandlers {
  onToggleSecret: () => void;
  onOverride: () => void;
  onDeleteOverride: () => void;
  onDelete: () => void;
}

interface EntryActionsProps extends EntryActionHandlers {
  isUser: boolean;
  isEncrypted: boolean;
  canOverride: boolean;
  isOverride: boolean;
  /** Actions of the file rows only (e.g. View original), shown after Override. */
  children?: ReactNode;
}

/** The buttons of one editor row: only user items toggle secrecy or are deleted; template items are overridden. */
export function EntryActions({
  isUser,
  isEncrypted,
  canOverride,
  isOverride,
  onToggleSecret,
  onOverride,
  onDeleteOverride,
  onDelete,
  children,
}: EntryActionsProps) {
  return (
    <>
      {isUser && (
        <Tooltip label={SECRET_HELP} hasArrow openDelay={300}>
          <Button size="xs" variant="outline" onClick={onToggleSecret}>
            {isEncrypted ? 'Mark public' : 'Mark secret'}
          </Button>
        </Tooltip>
      )}
      {canOverride && (
        <Button size="xs" variant="outline" onClick={onOverride}>
          Override
        </Button>
      )}
      {children}
      {isOverride && (
        <Button size="xs" variant="outline" colorScheme="red" onClick={onDeleteOverride}>
          Delete override
        </Button>
      )}
      {isUser && !isOverride && (
        <Button size="xs" variant="outline" colorScheme="red" onClick={onDelete}>
          Delete
        </Button>
      )}
    </>
  );
}
