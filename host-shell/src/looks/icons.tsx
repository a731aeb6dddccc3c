import type { CSSProperties, SVGProps } from 'react';

interface LineIconProps extends Omit<SVGProps<SVGSVGElement>, 'color'> {
  /** A Chakra size token (4 = the theme's sizes.4); without it the icon is 1em, as Chakra's Icon. */
  boxSize?: number;
  /** A Chakra colour token such as 'gray.600'; without it the text colour. */
  color?: string;
}

/** A theme token as the CSS variable Chakra's global stylesheet defines for it. */
const tokenVar = (scale: string, token: string | number) =>
  `var(--chakra-${scale}-${String(token).replace('.', '-')})`;

/**
 * A few line icons (24px grid, stroke style), drawn inline so the host ships no icon library.
 * Plain <svg>s styled inline as Chakra's Icon drew them: the first screen shows a dozen, and each
 * Chakra Icon resolved its theme and serialised its styles in the first render.
 */
function lineIcon(displayName: string, paths: string[]) {
  const Component = ({ boxSize, color, className, style, ...props }: LineIconProps) => {
    const size = boxSize === undefined ? '1em' : tokenVar('sizes', boxSize);
    const iconStyle: CSSProperties = {
      width: size,
      height: size,
      display: 'inline-block',
      lineHeight: '1em',
      flexShrink: 0,
      color: color ? tokenVar('colors', color) : 'currentColor',
      verticalAlign: 'middle',
      ...style,
    };
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        className={className ? `chakra-icon ${className}` : 'chakra-icon'}
        style={iconStyle}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
  Component.displayName = displayName;
  return Component;
}

export const DashboardIcon = lineIcon('DashboardIcon', [
  'M3 3h7v9H3z',
  'M14 3h7v5h-7z',
  'M14 12h7v9h-7z',
  'M3 16h7v5H3z',
]);
export const AppsIcon = lineIcon('AppsIcon', ['M21 8 12 3 3 8l9 5 9-5z', 'M3 8v8l9 5 9-5V8', 'M12 13v8']);
export const CatalogIcon = lineIcon('CatalogIcon', ['M4 7h16l-1 13H5L4 7z', 'M8 7a4 4 0 0 1 8 0']);
export const SettingsIcon = lineIcon('SettingsIcon', [
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
]);
export const OrganizationIcon = lineIcon('OrganizationIcon', [
  'M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16',
  'M16 9h2a2 2 0 0 1 2 2v10',
  'M3 21h18',
  'M8 7h4',
  'M8 11h4',
  'M8 15h4',
]);
export const ServerIcon = lineIcon('ServerIcon', [
  'M4 3h16v7H4z',
  'M4 14h16v7H4z',
  'M8 6.5h.01',
  'M8 17.5h.01',
]);
export const ChevronsUpDownIcon = lineIcon('ChevronsUpDownIcon', ['m7 15 5 5 5-5', 'm7 9 5-5 5 5']);
export const ChevronDownIcon = lineIcon('ChevronDownIcon', ['m6 9 6 6 6-6']);
export const PlusIcon = lineIcon('PlusIcon', ['M12 5v14', 'M5 12h14']);
export const LogOutIcon = lineIcon('LogOutIcon', [
  'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4',
  'm16 17 5-5-5-5',
  'M21 12H9',
]);
export const InfoIcon = lineIcon('InfoIcon', [
  'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z',
  'M12 16v-4',
  'M12 8h.01',
]);
export const PanelLeftIcon = lineIcon('PanelLeftIcon', ['M3 3h18v18H3z', 'M9 3v18']);
export const CheckIcon = lineIcon('CheckIcon', ['M20 6 9 17l-5-5']);
export const CopyIcon = lineIcon('CopyIcon', ['M9 9h11v11H9z', 'M5 15H4V4h11v1']);
export const TrashIcon = lineIcon('TrashIcon', ['M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6']);
export const RocketIcon = lineIcon('RocketIcon', [
  'M4.5 16.5c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1z',
  'm12 15-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2z',
]);
export const ShieldIcon = lineIcon('ShieldIcon', [
  'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z',
  'm9 12 2 2 4-4',
]);
export const CodeIcon = lineIcon('CodeIcon', ['m16 18 6-6-6-6', 'm8 6-6 6 6 6']);
export const ExternalLinkIcon = lineIcon('ExternalLinkIcon', [
  'M15 3h6v6',
  'M10 14 21 3',
  'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6',
]);
