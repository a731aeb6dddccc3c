import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import {
  addVariable,
  deleteOverride,
  overrideVariable,
  renameVariable,
  setVariableValue,
  type ConfigDraft,
  type DraftVariable,
} from './config-draft';
import type { DraftRow } from './draft-rows';
import { useLatest } from './use-latest';
import { VariableItem, type VariableActions } from './VariableItem';

interface VariablesSectionProps {
  draft: ConfigDraft;
  rows: DraftRow<DraftVariable>[];
  onChange: (draft: ConfigDraft) => void;
  readOnly: boolean;
  onToggleSecret: (variable: DraftVariable) => void;
  onDelete: (variable: DraftVariable) => void;
}

export function VariablesSection({
  draft,
  rows,
  onChange,
  readOnly,
  onToggleSecret,
  onDelete,
}: VariablesSectionProps) {
  const latest = useLatest({ draft, onChange, onToggleSecret, onDelete });
  // Stable across edits: a keystroke re-renders only the row it changed.
  const actions = useMemo<VariableActions>(() => {
    const edit = (change: (draft: ConfigDraft) => ConfigDraft) =>
      latest.current.onChange(change(latest.current.draft));
    return {
      onRename: (id, name) => edit((draft) => renameVariable(draft, id, name)),
      onValueChange: (id, value) => edit((draft) => setVariableValue(draft, id, value)),
      onToggleSecret: (variable) => latest.current.onToggleSecret(variable),
      onOverride: (id) => edit((draft) => overrideVariable(draft, id)),
      onDeleteOverride: (originalId) => edit((draft) => deleteOverride(draft, 'variable', originalId)),
      onDelete: (variable) => latest.current.onDelete(variable),
    };
  }, [latest]);

  return (
    <Box as="section" aria-label="Variables">
      <HStack justify="space-between" mb={2}>
        <Heading size="md">Variables</Heading>
        {!readOnly && (
          <Button size="sm" onClick={() => onChange(addVariable(draft))}>
            Add Variable
          </Button>
        )}
      </HStack>
      {rows.length === 0 && <Text color="gray.600">No variables.</Text>}
      <Stack spacing={2}>
        {rows.map((row) => (
          <VariableItem key={row.entry.id} row={row} actions={actions} />
        ))}
      </Stack>
    </Box>
  );
}
