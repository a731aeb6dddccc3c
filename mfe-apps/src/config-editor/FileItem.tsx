import { Badge, Box, Button, HStack, Input, Spacer } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { EntryActions, type EntryActionHandlers } from './EntryActions';
import { LazyCodeEditor } from '../editor/LazyCodeEditor';
import type { DraftFile } from './config-draft';
import type { DraftRow } from './draft-rows';

/** Spec section 9: the editor of a file is at least 300px high. */
export const FILE_EDITOR_MIN_HEIGHT = 300;

interface FileItemActions extends EntryActionHandlers {
  onToggleExpanded: () => void;
  onRename: (filename: string) => void;
  onContentChange: (content: string) => void;
  onViewOriginal: () => void;
}

interface FileItemProps extends FileItemActions {
  row: DraftRow<DraftFile>;
  isExpanded: boolean;
}

function RenameInput({
  label,
  initial,
  onDone,
}: {
  label: string;
  initial: string;
  onDone: (filename: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  // The input unmounts when done; a blur arriving after Enter or Escape must not answer twice.
  const done = useRef(false);
  const finish = (answer: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(answer);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finish(value);
    if (event.key === 'Escape') finish(null);
  };
  return (
    <Input
      size="sm"
      maxW="sm"
      aria-label={label}
      value={value}
      autoFocus
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(value)}
    />
  );
}

/** One file: a header with its actions, and its content when expanded. */
export function FileItem({ row, isExpanded, ...actions }: FileItemProps) {
  const { entry: file, number, isOverride, original } = row;
  const [isRenaming, setRenaming] = useState(false);
  const isUser = file.type === 'user';
  const finishRename = (filename: string | null) => {
    setRenaming(false);
    if (filename !== null && filename !== file.filename) actions.onRename(filename);
  };

  return (
    <Box role="group" aria-label={`File #${number}`} borderWidth="1px" borderRadius="md" p={2}>
      <HStack spacing={2} flexWrap="wrap">
        {isRenaming ? (
          <RenameInput label={`File #${number} name`} initial={file.filename} onDone={finishRename} />
        ) : (
          <Button
            variant="ghost"
            size="sm"
            fontFamily="mono"
            aria-expanded={isExpanded}
            onClick={actions.onToggleExpanded}
          >
            <span aria-hidden="true">{isExpanded ? '▾' : '▸'}&nbsp;</span>
            {file.filename || '(unnamed)'}
          </Button>
        )}
        {!isUser && <Badge>inherited</Badge>}
        {isOverride && <Badge colorScheme="purple">override</Badge>}
        {file.is_encrypted && <Badge colorScheme="orange">secret</Badge>}
        <Spacer />
        {isUser && !isOverride && !isRenaming && (
          <Button size="xs" variant="outline" onClick={() => setRenaming(true)}>
            Rename
          </Button>
        )}
        <EntryActions
          isUser={isUser}
          isEncrypted={file.is_encrypted}
          canOverride={!isUser}
          isOverride={isOverride}
          onToggleSecret={actions.onToggleSecret}
          onOverride={actions.onOverride}
          onDeleteOverride={actions.onDeleteOverride}
          onDelete={actions.onDelete}
        >
          {original && (
            <Button size="xs" variant="outline" onClick={actions.onViewOriginal}>
              View original
            </Button>
          )}
        </EntryActions>
      </HStack>
      {isExpanded && (
        <Box mt={2}>
          <LazyCodeEditor
            value={file.content}
            onChange={actions.onContentChange}
            filename={file.filename}
            minHeight={FILE_EDITOR_MIN_HEIGHT}
            readOnly={!isUser}
            ariaLabel={`Content of ${file.filename}`}
          />
        </Box>
      )}
    </Box>
  );
}
