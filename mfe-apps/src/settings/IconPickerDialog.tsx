import {
  Button,
  Input,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  SimpleGrid,
  Text,
  Tooltip,
} from '@chakra-ui/react';
import { useState } from 'react';
import { APP_ICON_NAMES, AppIcon } from 'shared';

/** Spec section 9: a 6-column grid, 400 px high. */
const ICON_COLUMNS = 6;
const ICON_GRID_HEIGHT = '400px';

/** 'Select an Icon': a searchable grid of the fixed named icon set; Select applies the choice. */
export function IconPickerDialog({
  current,
  onSelect,
  onClose,
}: {
  current: string;
  onSelect: (icon: string) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState(current);
  const term = search.trim().toLowerCase();
  const icons = APP_ICON_NAMES.filter((name) => name.toLowerCase().includes(term));
  return (
    <Modal isOpen onClose={onClose} isCentered size="lg">
      <ModalOverlay />
      <ModalContent>
        <ModalHeader>Select an Icon</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          <Input
            placeholder="Search icons"
            aria-label="Search icons"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            mb={3}
            autoFocus
          />
          <SimpleGrid
            columns={ICON_COLUMNS}
            spacing={2}
            h={ICON_GRID_HEIGHT}
            overflowY="auto"
            alignContent="start"
          >
            {icons.map((name) => (
              <Tooltip key={name} label={name} openDelay={300}>
                <Button
                  aria-label={name}
                  aria-pressed={chosen === name}
                  variant={chosen === name ? 'solid' : 'outline'}
                  colorScheme={chosen === name ? 'blue' : 'gray'}
                  h="56px"
                  onClick={() => setChosen(name)}
                  onDoubleClick={() => onSelect(name)}
                >
                  <AppIcon name={name} size={22} />
                </Button>
              </Tooltip>
            ))}
          </SimpleGrid>
          {icons.length === 0 && <Text color="gray.600">No icons match.</Text>}
        </ModalBody>
        <ModalFooter gap={2}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button colorScheme="blue" onClick={() => onSelect(chosen)}>
            Select
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
