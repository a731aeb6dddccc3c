import { Box, Button, Flex, IconButton, Spinner, Stack, Text, useDisclosure } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useToastMessage } from 'shared';
import { ConfirmDialog } from 'shared/src/ui/ConfirmDialog';

interface DockerResourceRow {
  /** What the delete call names (registry address, network name). */
  key: string;
  secondary?: string;
  /** false: listed without a delete button (a volume an app owns goes with the app). */
  removable?: boolean;
}

interface DockerResourceTabProps {
  agentId: string;
  /** Accessible name of the list, e.g. 'Docker networks'. */
  label: string;
  query: UseQueryResult<DockerResourceRow[]>;
  empty: string;
  /** The add button and its dialog; a tab without them only lists and deletes (volumes). */
  addLabel?: string;
  AddDialog?: ComponentType<{ agentId: string; onClose: () => void }>;
  /** Starts the delete (a mutation hook's call); `onRemoved` runs once it succeeded. */
  remove: (key: string, onRemoved: () => void) => void;
  isRemoving: boolean;
  removedMessage: string;
  confirmTitle: string;
  confirmText: (key: string) => ReactNode;
}

function TrashIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A Docker tab (registries, networks, volumes): the list with its states, an add dialog and a confirmed delete. */
export function DockerResourceTab({
  agentId,
  label,
  query,
  empty,
  addLabel,
  AddDialog,
  remove,
  isRemoving,
  removedMessage,
  confirmTitle,
  confirmText,
}: DockerResourceTabProps) {
  const showToast = useToastMessage();
  const addDialog = useDisclosure();
  const [deleting, setDeleting] = useState<string | null>(null);
  const removeConfirmed = (key: string) =>
    remove(key, () => {
      showToast({ title: 'Success', description: removedMessage, status: 'success' });
      setDeleting(null);
    });
  const rows = query.data ?? [];

  return (
    <Stack spacing={4}>
      {AddDialog && (
        <Flex justify="flex-end">
          <Button size="sm" colorScheme="blue" onClick={addDialog.onOpen}>
            {addLabel}
          </Button>
        </Flex>
      )}
      {query.isPending ? (
        <Flex align="center" gap={2} color="gray.600">
          <Spinner size="sm" />
          <Text>Loading...</Text>
        </Flex>
      ) : query.isError ? (
        <Text color="red.600" role="alert">
          {query.error.message}
        </Text>
      ) : rows.length === 0 ? (
        <Text color="gray.600">{empty}</Text>
      ) : (
        <Box as="ul" listStyleType="none" borderWidth="1px" rounded="lg" bg="white" aria-label={label}>
          {rows.map((row, index) => (
            <Flex
              as="li"
              key={row.key}
              align="center"
              gap={3}
              px={4}
              py={3}
              borderTopWidth={index === 0 ? 0 : '1px'}
              aria-label={row.key}
            >
              <Box flex="1" minW={0}>
                <Text fontWeight="medium" noOfLines={1}>
                  {row.key}
                </Text>
                {row.secondary && (
                  <Text fontSize="sm" color="gray.600" noOfLines={1}>
                    {row.secondary}
                  </Text>
                )}
              </Box>
              {row.removable !== false && (
                <IconButton
                  aria-label={`Delete ${row.key}`}
                  icon={<TrashIcon />}
                  size="sm"
                  variant="ghost"
                  colorScheme="red"
                  onClick={() => setDeleting(row.key)}
                />
              )}
            </Flex>
          ))}
        </Box>
      )}
      {AddDialog && addDialog.isOpen && <AddDialog agentId={agentId} onClose={addDialog.onClose} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={confirmTitle}
        confirmLabel="Delete"
        isLoading={isRemoving}
        onConfirm={() => deleting && removeConfirmed(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting && confirmText(deleting)}
      </ConfirmDialog>
    </Stack>
  );
}
