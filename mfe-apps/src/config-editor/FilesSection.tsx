import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { SIZE_LIMITS_TEXT, useToastMessage } from 'shared';
import {
  addFile,
  addUploadedFiles,
  deleteOverride,
  overrideFile,
  renameFile,
  setFileContent,
  type ConfigDraft,
  type DraftFile,
} from './config-draft';
import type { DraftRow } from './draft-rows';
import { FileItem, type FileActions } from './FileItem';
import { OriginalFileDialog } from './OriginalFileDialog';
import { oversizedUploads, refusedGrowth } from './draft-size';
import { readFileText, uploadedFilename } from './read-file-text';
import { useLatest } from './use-latest';

interface FilesSectionProps {
  draft: ConfigDraft;
  rows: DraftRow<DraftFile>[];
  onChange: (draft: ConfigDraft) => void;
  readOnly: boolean;
  onToggleSecret: (file: DraftFile) => void;
  onDelete: (file: DraftFile) => void;
}

export function FilesSection({
  draft,
  rows,
  onChange,
  readOnly,
  onToggleSecret,
  onDelete,
}: FilesSectionProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [original, setOriginal] = useState<DraftFile | null>(null);
  const uploadInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const showToast = useToastMessage();
  /** Why the last upload or edit was refused (over the size limits); it names the file. */
  const [sizeRefusal, setSizeRefusal] = useState<string | null>(null);
  const latest = useLatest({ draft, onChange, onToggleSecret, onDelete });

  const expand = (id: string | undefined) => {
    if (id) setExpanded((ids) => new Set(ids).add(id));
  };
  const toggle = (id: string) =>
    setExpanded((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const add = () => {
    const next = addFile(draft);
    expand(next.files.at(-1)?.id);
    onChange(next);
  };

  /** Takes `next` unless it grows the draft past the size limits; a refusal is shown, and resets the editor. */
  const change = (next: ConfigDraft, before: ConfigDraft = latest.current.draft) => {
    const refusal = refusedGrowth(before, next);
    setSizeRefusal(refusal);
    if (!refusal) latest.current.onChange(next);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = Array.from(input.files ?? []);
    try {
      // Refused by their size on disk, before anything is read.
      const oversized = oversizedUploads(chosen);
      if (oversized.length > 0) {
        setSizeRefusal(oversized.join('. '));
        return;
      }
      const uploads = await Promise.all(
        chosen.map(async (file) => ({ name: uploadedFilename(file), content: await readFileText(file) })),
      );
      // Edits made while the files were read are kept: add to the draft as it is now.
      const current = latest.current.draft;
      if (uploads.length > 0) change(addUploadedFiles(current, uploads), current);
    } catch (error) {
      showToast({
        title: 'Error',
        description: `The files could not be read: ${error instanceof Error ? error.message : String(error)}`,
        status: 'error',
      });
    } finally {
      // The same file can be chosen again later.
      input.value = '';
    }
  };

  // Stable across edits: a keystroke re-renders only the file it changed.
  const actions = useMemo<FileActions>(() => {
    const edit = (next: (draft: ConfigDraft) => ConfigDraft) =>
      latest.current.onChange(next(latest.current.draft));
    return {
      onToggleExpanded: toggle,
      onRename: (id, filename) => edit((draft) => renameFile(draft, id, filename)),
      onContentChange: (id, content) => change(setFileContent(latest.current.draft, id, content)),
      onToggleSecret: (file) => latest.current.onToggleSecret(file),
      onOverride: (file) => {
        const next = overrideFile(latest.current.draft, file.id);
        expand(next.files.find((f) => f.type === 'user' && f.filename === file.filename)?.id);
        latest.current.onChange(next);
      },
      onDeleteOverride: (originalId) => edit((draft) => deleteOverride(draft, 'file', originalId)),
      onViewOriginal: setOriginal,
      onDelete: (file) => latest.current.onDelete(file),
    };
    // `toggle`, `expand` and `change` only use state setters and `latest`, which never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest]);

  return (
    <Box as="section" aria-label="Files">
      {/* Wraps on a phone: the three buttons do not fit beside the heading at 360 px. */}
      <Flex justify="space-between" align="center" wrap="wrap" gap={2} mb={2}>
        <Heading size="md">Files</Heading>
        {!readOnly && (
          <Flex gap={2} wrap="wrap">
            <Button size="sm" onClick={add}>
              Add File
            </Button>
            <Button size="sm" variant="outline" onClick={() => uploadInput.current?.click()}>
              Upload Files
            </Button>
            <Button size="sm" variant="outline" onClick={() => folderInput.current?.click()}>
              Upload Folder
            </Button>
            <input
              ref={uploadInput}
              type="file"
              multiple
              hidden
              aria-label="Upload files from disk"
              onChange={(event) => void upload(event)}
            />
            {/* A folder's files keep their paths inside it (config/nginx.conf). */}
            <input
              ref={folderInput}
              type="file"
              multiple
              hidden
              aria-label="Upload a folder from disk"
              {...{ webkitdirectory: '' }}
              onChange={(event) => void upload(event)}
            />
          </Flex>
        )}
      </Flex>
      <Text fontSize="sm" color="gray.600" mb={2}>
        {SIZE_LIMITS_TEXT}
      </Text>
      {sizeRefusal && (
        <Text role="alert" fontSize="sm" color="red.600" mb={2}>
          {sizeRefusal}
        </Text>
      )}
      {rows.length === 0 && <Text color="gray.600">No files.</Text>}
      <Stack spacing={2}>
        {rows.map((row) => (
          <FileItem key={row.entry.id} row={row} isExpanded={expanded.has(row.entry.id)} actions={actions} />
        ))}
      </Stack>
      <OriginalFileDialog file={original} onClose={() => setOriginal(null)} />
    </Box>
  );
}
