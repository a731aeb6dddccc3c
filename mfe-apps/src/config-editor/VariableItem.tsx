import { Badge, Button, HStack, Input, InputGroup, InputRightElement } from '@chakra-ui/react';
import { memo, useState, type KeyboardEvent } from 'react';
import type { DraftVariable } from './config-draft';
import { EntryActions } from './EntryActions';
import { sameRow, type DraftRow } from './draft-rows';

/** What the rows may do, by the variable's id; one object for every row, kept across edits. */
export interface VariableActions {
  /** Called when the name input is left or Enter is pressed, so references are rewritten once. */
  onRename: (id: string, name: string) => void;
  onValueChange: (id: string, value: string) => void;
  onToggleSecret: (variable: DraftVariable) => void;
  onOverride: (id: string) => void;
  /** `originalId`: the inherited variable the override shadows. */
  onDeleteOverride: (originalId: string) => void;
  onDelete: (variable: DraftVariable) => void;
}

interface VariableItemProps {
  row: DraftRow<DraftVariable>;
  actions: VariableActions;
}

function NameInput({
  label,
  name,
  isReadOnly,
  onRename,
}: {
  label: string;
  name: string;
  isReadOnly: boolean;
  onRename: (name: string) => void;
}) {
  const [value, setValue] = useState(name);
  const commit = () => {
    if (value !== name) onRename(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };
  return (
    <Input
      size="sm"
      fontFamily="mono"
      placeholder="NAME"
      aria-label={label}
      value={value}
      isReadOnly={isReadOnly}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}

/**
 * One variable: name and value inputs, its kind, and its actions. A secret value is masked.
 * Memoised: typing in one row of a big app does not render the others.
 */
export const VariableItem = memo(function VariableItem({ row, actions }: VariableItemProps) {
  const { entry: variable, number, isOverride, original } = row;
  const [isRevealed, setRevealed] = useState(false);
  const isUser = variable.type === 'user';
  const isMasked = variable.is_encrypted && !isRevealed;

  return (
    <HStack role="group" aria-label={`Variable #${number}`} spacing={2} align="center" flexWrap="wrap">
      <HStack flex="1 1 12rem">
        <NameInput
          // A name changed from outside (override removed, draft restored) resets the input.
          key={variable.name}
          label={`Variable #${number} name`}
          name={variable.name}
          isReadOnly={!isUser || isOverride}
          onRename={(name) => actions.onRename(variable.id, name)}
        />
      </HStack>
      <InputGroup size="sm" flex="2 1 16rem">
        <Input
          fontFamily="mono"
          placeholder="value"
          aria-label={`Variable #${number} value`}
          type={isMasked ? 'password' : 'text'}
          autoComplete="off"
          value={variable.value}
          isReadOnly={!isUser}
          onChange={(event) => actions.onValueChange(variable.id, event.target.value)}
          pr={variable.is_encrypted ? '4rem' : undefined}
        />
        {variable.is_encrypted && (
          <InputRightElement width="4rem">
            <Button
              size="xs"
              variant="ghost"
              aria-label={isRevealed ? 'Hide value' : 'Show value'}
              onClick={() => setRevealed((shown) => !shown)}
            >
              {isRevealed ? 'Hide' : 'Show'}
            </Button>
          </InputRightElement>
        )}
      </InputGroup>
      <HStack spacing={1}>
        {variable.type === 'inherited' && <Badge>inherited</Badge>}
        {variable.type === 'constant' && <Badge colorScheme="gray">constant</Badge>}
        {isOverride && <Badge colorScheme="purple">override</Badge>}
        {variable.is_encrypted && <Badge colorScheme="orange">secret</Badge>}
      </HStack>
      <HStack spacing={1}>
        <EntryActions
          isUser={isUser}
          isEncrypted={variable.is_encrypted}
          canOverride={variable.type === 'inherited'}
          isOverride={isOverride}
          onToggleSecret={() => actions.onToggleSecret(variable)}
          onOverride={() => actions.onOverride(variable.id)}
          onDeleteOverride={() => original && actions.onDeleteOverride(original.id)}
          onDelete={() => actions.onDelete(variable)}
        />
      </HStack>
    </HStack>
  );
}, sameVariableItem);

function sameVariableItem(before: VariableItemProps, after: VariableItemProps): boolean {
  return sameRow(before.row, after.row) && before.actions === after.actions;
}
