import {
  Button,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
} from '@chakra-ui/react';
import { LazyCodeEditor } from '../editor/LazyCodeEditor';
import type { DraftFile } from './config-draft';
import { FILE_EDITOR_MIN_HEIGHT } from './FileItem';

const ignoreChange = () => undefined;

/** The template's version of a file, read-only. */
export function OriginalFileDialog({ file, onClose }: { file: DraftFile | null; onClose: () => void }) {
  return (
    <Modal isOpen={file !== null} onClose={onClose} size="4xl">
      <ModalOverlay />
      <ModalContent>
        <ModalHeader>Original: {file?.filename}</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          {file && (
            <LazyCodeEditor
              value={file.content}
              onChange={ignoreChange}
              filename={file.filename}
              minHeight={FILE_EDITOR_MIN_HEIGHT}
              readOnly
              ariaLabel={`Original content of ${file.filename}`}
            />
          )}
        </ModalBody>
        <ModalFooter>
          <Button onClick={onClose}>Close</Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
