import { Box, Code, Flex, IconButton, Tooltip } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { CheckIcon, CopyIcon } from '../looks/icons';

/** Spec section 9: the copied state resets after 2 s. */
export const COPIED_RESET_MS = 2000;

/** A copyable one-line command. */
export function InstallCommand({ command }: { command: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
    } catch {
      // Clipboard API unavailable (insecure context): fall back to a hidden textarea selection.
      const area = document.createElement('textarea');
      area.value = command;
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
  };

  return (
    <Flex align="center" gap={2} bg="gray.900" color="gray.100" rounded="lg" pl={4} pr={1.5} py={1.5}>
      <Box flex="1" overflowX="auto" py={1.5}>
        <Code
          data-testid="install-command"
          bg="transparent"
          color="inherit"
          whiteSpace="nowrap"
          fontSize="sm"
        >
          {command}
        </Code>
      </Box>
      <Tooltip label={copied ? 'Copied' : 'Copy'} openDelay={0}>
        <IconButton
          aria-label={copied ? 'Copied' : 'Copy command'}
          icon={copied ? <CheckIcon boxSize={4} /> : <CopyIcon boxSize={4} />}
          size="sm"
          variant="ghost"
          color={copied ? 'green.300' : 'gray.300'}
          _hover={{ bg: 'whiteAlpha.200' }}
          onClick={() => void copy()}
        />
      </Tooltip>
    </Flex>
  );
}
