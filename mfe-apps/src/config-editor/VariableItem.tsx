import { Badge, Button, HStack, Input, InputGroup, InputRightElement } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import type { DraftVariable } from './config-draft';
import { EntryActions, type EntryActionHandlers } from './EntryActions';
import type { DraftRow } from './draft-rows';

interface VariableItemActions extends EntryActionHandlers {
  /** Called when the name input is left or Enter is pressed, so references are rewritten once. */
  onRename: (name: string) => void;
  onValueChange: (value: string) => void;
}

interface VariableItemProps extends VariableItemActions {
  row: DraftRow<DraftVariable>;
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

/** One variable: name and value inputs, its kind, and its actions. A secret value is masked. */
export function VariableItem({ row, ...actions }: VariableItemProps) {
  const { entry: variable, number, isOverride } = row;
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
          onRename={actions.onRename}
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
          onChange={(event) => actions.onValueChange(event.target.value)}
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
          onToggleSecret={actions.onToggleSecret}
          onOverride={actions.onOverride}
          onDeleteOverride={actions.onDeleteOverride}
          onDelete={actions.onDelete}
        />
      </HStack>
    </HStack>
  );
}
