import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
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
import { VariableItem } from './VariableItem';

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
        {rows.map((row) => {
          const { entry: variable } = row;
          return (
            <VariableItem
              key={variable.id}
              row={row}
              onRename={(name) => onChange(renameVariable(draft, variable.id, name))}
              onValueChange={(value) => onChange(setVariableValue(draft, variable.id, value))}
              onToggleSecret={() => onToggleSecret(variable)}
              onOverride={() => onChange(overrideVariable(draft, variable.id))}
              onDeleteOverride={() =>
                row.original && onChange(deleteOverride(draft, 'variable', row.original.id))
              }
              onDelete={() => onDelete(variable)}
            />
          );
        })}
      </Stack>
    </Box>
  );
}
