import { Box, Flex, Heading } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ServiceUnavailableNotice } from './ServiceUnavailableNotice';
import { Sidebar, SidebarTrigger } from './sidebar/Sidebar';
import { useCheckoutReturn } from './useCheckoutReturn';

function PageLoading() {
  return (
    <Box aria-busy="true" p={8} color="gray.600" fontSize="sm">
      Loading...
    </Box>
  );
}

/** The signed-in layout: sidebar, a slim header with the sidebar toggle, and the page. */
export function AppShell() {
  useCheckoutReturn();
  return (
    <Flex minH="100vh">
      <Sidebar />
      <Flex as="main" direction="column" flex="1" minW={0}>
        <Flex
          as="header"
          align="center"
          gap={2}
          h={12}
          px={3}
          borderBottomWidth="1px"
          bg="white"
          position="sticky"
          top={0}
          zIndex="sticky"
        >
          <SidebarTrigger />
          <Heading as="span" size="sm" fontWeight="semibold" color="gray.700">
            Dockhand
          </Heading>
        </Flex>
        <Box flex="1" p={{ base: 4, md: 6 }} bg="gray.50">
          <ServiceUnavailableNotice />
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
