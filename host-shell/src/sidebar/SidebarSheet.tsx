// The phone sheet's Drawer, loaded when the sheet first opens (Sidebar): the first screen on a
// desktop never needs its framer-motion, focus-lock and scroll-lock.
import { Drawer, DrawerBody, DrawerContent, DrawerOverlay } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SIDEBAR_WIDTH_MOBILE } from './sidebar-rules';

export function SidebarSheet({
  isOpen,
  onClose,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer isOpen={isOpen} placement="left" onClose={onClose}>
      <DrawerOverlay />
      <DrawerContent
        maxW={SIDEBAR_WIDTH_MOBILE}
        bg="gray.50"
        data-testid="sidebar-sheet"
        aria-label="Sidebar"
      >
        <DrawerBody p={0}>{children}</DrawerBody>
      </DrawerContent>
    </Drawer>
  );
}
