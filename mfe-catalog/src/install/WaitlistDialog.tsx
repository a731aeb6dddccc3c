import {
  Button,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  Text,
} from '@chakra-ui/react';

/** 'Join the Waitlist' for an app in private beta. Both buttons only close it (spec section 2). */
export function WaitlistDialog({ appName, onClose }: { appName: string; onClose: () => void }) {
  return (
    <Modal isOpen onClose={onClose} isCentered size="md">
      <ModalOverlay />
      <ModalContent>
        <ModalHeader>Join the Waitlist</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          <Text>
            {appName} is in private beta and not open for installation yet. Join the waitlist to hear when it
            opens up.
          </Text>
        </ModalBody>
        <ModalFooter gap={3}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button colorScheme="blue" onClick={onClose}>
            Join Waitlist
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
