import {
  Avatar,
  Box,
  Button,
  Center,
  CloseButton,
  Flex,
  FormControl,
  FormLabel,
  IconButton,
  Link,
  Select,
  Skeleton,
  Spinner,
  Stack,
  Text,
  type SystemStyleObject,
} from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { appsGridStyles } from '../dashboard/AppsGrid';
import { dashboardStyles } from '../dashboard/DashboardPage';
import { SERVER_CARD_HEIGHT, SERVER_CARD_WIDTH, serverCardStyles } from '../dashboard/ServerCard';
import { shellStyles } from '../layout/AppShell';
import { sidebarStyles } from '../sidebar/NavItem';
import { TOAST_VARIANT_STYLES } from '../toasts/Toaster';
import type { ToastVariant } from '../toasts/toast-store';

/**
 * The first screen's own looks, each written for the element with its class and what is inside it.
 * shell.css holds them as CSS, made at build time by shell-css.test.tsx (which keeps the two
 * equal), so no page load spends its first render turning them into CSS through Chakra's styled
 * system and emotion, as it did when each was the `sx` of its element. Tokens (`gray.600`, `4`,
 * `md`) mean what they mean in Chakra's theme.
 */
export const SHELL_STYLESHEET: Record<string, SystemStyleObject> = {
  'dh-shell': shellStyles,
  'dh-sidebar': sidebarStyles,
  'dh-dashboard': dashboardStyles,
  'dh-apps-grid': appsGridStyles,
  'dh-server-card': serverCardStyles,
  // What Chakra's Avatar draws once its image has loaded (jsdom loads none, so not a look below).
  'dh-avatar-img': { w: '100%', h: '100%', objectFit: 'cover', borderRadius: 'full' },
  // In place of a Chakra island that could not load (chakra-scope).
  'dh-part-unavailable': { my: 3, fontSize: 'sm', color: 'red.600' },
};

function toastLook(variant: ToastVariant): ReactElement {
  return (
    <Box
      display="flex"
      alignItems="flex-start"
      gap={3}
      w="full"
      p={4}
      pr={10}
      position="relative"
      borderWidth="1px"
      borderLeftWidth={variant === 'success' ? '4px' : '1px'}
      rounded="lg"
      shadow="lg"
      {...TOAST_VARIANT_STYLES[variant]}
    >
      <Box flex="1" minW={0}>
        <Text fontWeight="semibold" fontSize="sm">
          Title
        </Text>
        <Text fontSize="sm" opacity={0.9}>
          Description
        </Text>
      </Box>
      <CloseButton aria-label="Close" size="sm" position="absolute" top={2} right={2} />
    </Box>
  );
}

/**
 * Chakra components the signed-in first screen draws as plain elements (plain-controls and
 * the shell's own markup), so that screen loads no Chakra at all: Chakra's code comes with the
 * first dialog, menu or remote page (see chakra-scope). shell.css holds the CSS Chakra makes for
 * each look as rendered here: the root element's class is the look's name, each styled element
 * inside it `name__part`, the part named by its Chakra class (`chakra-select__icon-wrapper` →
 * `dh-server-select__icon-wrapper`) or else its tag, numbered when two differ (`__text-2`).
 * Values that change while the page runs (a width, a swipe offset) stay inline styles.
 */
export const SHELL_LOOKS: Record<string, ReactElement> = {
  'dh-button-solid': (
    <Button size="sm" leftIcon={<svg />}>
      Deploy App
    </Button>
  ),
  'dh-button-outline': (
    <Button size="sm" variant="outline" leftIcon={<svg />}>
      Add Server
    </Button>
  ),
  'dh-button-update': (
    <Button variant="link" size="sm" colorScheme="orange" mt={1}>
      Agent update available
    </Button>
  ),
  'dh-icon-button': <IconButton aria-label="Toggle Sidebar" icon={<svg />} size="sm" variant="ghost" />,
  'dh-avatar': <Avatar size="sm" name="Dock Hand" bg="blue.600" color="white" />,
  'dh-avatar-anonymous': <Avatar size="sm" bg="blue.600" color="white" />,
  'dh-server-select': (
    <FormControl w={{ base: 'full', md: '280px' }}>
      <FormLabel fontSize="xs" color="gray.600" mb={1}>
        Server
      </FormLabel>
      <Select aria-label="Server" bg="white">
        <option value="server">Server</option>
      </Select>
    </FormControl>
  ),
  'dh-link': <Link textDecoration="underline">Manage Organization</Link>,
  'dh-page-loading': (
    <Box p={8} color="gray.600" fontSize="sm">
      Loading...
    </Box>
  ),
  'dh-auth-wait': (
    <Center minH="100vh">
      <Stack align="center" spacing={3}>
        <Spinner color="blue.500" thickness="3px" size="lg" />
        <Text color="gray.600" fontSize="sm">
          Loading...
        </Text>
      </Stack>
    </Center>
  ),
  'dh-dashboard-loading': (
    <Stack spacing={4}>
      <Skeleton h={8} w="240px" />
      <Skeleton h="220px" rounded="2xl" />
    </Stack>
  ),
  'dh-apps-loading': <Skeleton h="128px" rounded="xl" />,
  'dh-apps-empty': (
    <Text mt={4} fontSize="sm" color="gray.600">
      No apps found
    </Text>
  ),
  'dh-server-card-empty': (
    <Flex
      w={SERVER_CARD_WIDTH}
      maxW="full"
      h={SERVER_CARD_HEIGHT}
      align="center"
      justify="center"
      borderWidth="1px"
      borderStyle="dashed"
      rounded="xl"
      p={4}
    >
      <Text fontSize="sm" color="gray.600">
        Select a server to view its details.
      </Text>
    </Flex>
  ),
  'dh-sidebar-spacer': <Box flexShrink={0} transition="width 0.2s ease" />,
  'dh-sidebar-frame': (
    <Box
      as="aside"
      position="fixed"
      insetY={0}
      left={0}
      overflow="hidden"
      bg="gray.50"
      transition="width 0.2s ease"
      zIndex="docked"
    />
  ),
  'dh-toaster': (
    <Box
      as="ol"
      position="fixed"
      bottom={0}
      right={0}
      zIndex="toast"
      display="flex"
      flexDirection="column"
      gap={2}
      p={4}
      w="full"
      maxW="420px"
      listStyleType="none"
      outline="none"
    />
  ),
  'dh-toast-default': toastLook('default'),
  'dh-toast-success': toastLook('success'),
  'dh-toast-destructive': toastLook('destructive'),
};
