// Chakra's Tooltip as the collapsed sidebar shows it, loaded on first use (NavTooltip).
import { Tooltip } from '@chakra-ui/react';
import type { ReactElement } from 'react';

export interface SidebarTooltipProps {
  label: string;
  /** Open from the start: the pointer or the focus reached the item while this code loaded. */
  defaultIsOpen: boolean;
  children: ReactElement;
}

export function SidebarTooltip({ label, defaultIsOpen, children }: SidebarTooltipProps) {
  return (
    <Tooltip label={label} placement="right" openDelay={0} hasArrow defaultIsOpen={defaultIsOpen}>
      {children}
    </Tooltip>
  );
}
