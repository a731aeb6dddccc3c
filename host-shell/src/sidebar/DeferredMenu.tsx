import { useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { useToastMessage } from 'shared';
import { inChakraScope } from '../chakra/chakra-scope';
import { couldNotOpen } from '../load-on-use/lazyOnFirstOpen';
import { onceLoader } from '../load-on-use/once-loader';
import { spaceClicks } from './space-clicks';

/**
 * How the user opened the menu before its code was in, as Chakra's MenuButton opens: on a click,
 * Enter or ArrowDown with the first item focused, on ArrowUp with the last.
 */
export type MenuStart = 'first' | 'last';

/** The sidebar menu trigger's own attributes (its look is `.dh-menu-button` in sidebarStyles). */
interface MenuTriggerProps {
  'aria-label': string;
  'data-testid'?: string;
  /** `dh-menu-button` and its padding variant. */
  className: string;
}

/** A sidebar menu as SidebarMenus renders it: Chakra's Menu around the trigger's content. */
export interface SidebarMenuProps {
  trigger: ReactNode;
  triggerProps: MenuTriggerProps;
  start?: MenuStart;
}

interface SidebarMenus {
  ServerSwitcherMenu: ComponentType<SidebarMenuProps>;
  UserMenuList: ComponentType<SidebarMenuProps>;
}

const MENU_UNAVAILABLE = couldNotOpen('The menu');

const loadMenus = () => import('./SidebarMenus');
const sidebarMenus = onceLoader<SidebarMenus>(() =>
  Promise.all([
    inChakraScope(() => loadMenus().then((menus) => menus.ServerSwitcherMenu))(),
    inChakraScope(() => loadMenus().then((menus) => menus.UserMenuList))(),
  ]).then(([ServerSwitcherMenu, UserMenuList]) => ({ ServerSwitcherMenu, UserMenuList })),
);

const KEY_STARTS: Partial<Record<string, MenuStart>> = {
  Enter: 'first',
  ArrowDown: 'first',
  ArrowUp: 'last',
};

/**
 * A sidebar menu whose machinery (Chakra's Menu, its popper and framer-motion list, and what its
 * items open) is not part of the first screen: until its code is in, the trigger is a plain
 * element drawn and named as the menu's button (aria-haspopup, aria-expanded). Its code loads
 * when the pointer or the focus reaches the trigger, ahead of the click; when the trigger is first
 * used, the menu takes its place and opens as the user asked, with the same keys and focus as
 * Chakra's. A user who never opens a menu never loads it.
 */
export function DeferredMenu({
  menu,
  trigger,
  triggerProps,
}: SidebarMenuProps & { menu: keyof SidebarMenus }) {
  const [loaded, setLoaded] = useState(sidebarMenus.value);
  const [start, setStart] = useState<MenuStart>();
  const showToast = useToastMessage();

  if (loaded) {
    const Menu = loaded[menu];
    return <Menu trigger={trigger} triggerProps={triggerProps} start={start} />;
  }

  const open = (how: MenuStart) => {
    setStart(how);
    sidebarMenus.load().then(setLoaded, (error: unknown) => {
      console.warn('Dockhand: sidebar menus unavailable', error);
      showToast({ title: 'Error', description: MENU_UNAVAILABLE, status: 'error' });
    });
  };
  const preload = () => void sidebarMenus.load().catch(() => undefined);
  const onKeyDown = (event: KeyboardEvent) => {
    spaceClicks.onKeyDown(event);
    const how = KEY_STARTS[event.key];
    if (!how) return;
    event.preventDefault();
    event.stopPropagation();
    open(how);
  };
  return (
    <div
      role="button"
      tabIndex={0}
      aria-haspopup="menu"
      aria-expanded={false}
      {...triggerProps}
      className={`chakra-menu__menu-button ${triggerProps.className}`}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => open('first')}
      onKeyDown={onKeyDown}
      onKeyUp={spaceClicks.onKeyUp}
    >
      <span className="dh-menu-button-label">{trigger}</span>
    </div>
  );
}
