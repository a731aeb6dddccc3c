import { Badge, Box, Button, HStack, Input, Spacer } from '@chakra-ui/react';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { EntryActions } from './EntryActions';
import { LazyCodeEditor } from '../editor/LazyCodeEditor';
import type { DraftFile } from './config-draft';
import { sameRow, type DraftRow } from './draft-rows';

/** Spec section 9: the editor of a file is at least 300px high. */
export const FILE_EDITOR_MIN_HEIGHT = 300;

/** What the rows may do, by the file's id; one object for every row, kept across edits. */
export interface FileActions {
  onToggleExpanded: (id: string) => void;
  onRename: (id: string, filename: string) => void;
  onContentChange: (id: string, content: string) => void;
  onToggleSecret: (file: DraftFile) => void;
  onOverride: (file: DraftFile) => void;
  /** `originalId`: the inherited file the override shadows. */
  onDeleteOverride: (originalId: string) => void;
  onViewOriginal: (original: DraftFile) => void;
  onDelete: (file: DraftFile) => void;
}

interface FileItemProps {
  row: DraftRow<DraftFile>;
  isExpanded: boolean;
  actions: FileActions;
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

/**
 * One file: a header with its actions, and its content when expanded. Memoised: an edit in one
 * row of a big app does not render the others.
 */
export const FileItem = memo(function FileItem({ row, isExpanded, actions }: FileItemProps) {
  const { entry: file, number, isOverride, original } = row;
  const [isRenaming, setRenaming] = useState(false);
  const isUser = file.type === 'user';
  const finishRename = (filename: string | null) => {
    setRenaming(false);
    if (filename !== null && filename !== file.filename) actions.onRename(file.id, filename);
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
            onClick={() => actions.onToggleExpanded(file.id)}
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
          onToggleSecret={() => actions.onToggleSecret(file)}
          onOverride={() => actions.onOverride(file)}
          onDeleteOverride={() => original && actions.onDeleteOverride(original.id)}
          onDelete={() => actions.onDelete(file)}
        >
          {original && (
            <Button size="xs" variant="outline" onClick={() => actions.onViewOriginal(original)}>
              View original
            </Button>
          )}
        </EntryActions>
      </HStack>
      {isExpanded && (
        <Box mt={2}>
          <LazyCodeEditor
            value={file.content}
            onChange={(content) => actions.onContentChange(file.id, content)}
            filename={file.filename}
            minHeight={FILE_EDITOR_MIN_HEIGHT}
            readOnly={!isUser}
            ariaLabel={`Content of ${file.filename}`}
          />
        </Box>
      )}
    </Box>
  );
}, sameFileItem);

function sameFileItem(before: FileItemProps, after: FileItemProps): boolean {
  return (
    sameRow(before.row, after.row) &&
    before.isExpanded === after.isExpanded &&
    before.actions === after.actions
  );
}
