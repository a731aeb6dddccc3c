import { inChakraScope } from '../chakra/chakra-scope';
import { PanelLeftIcon } from '../looks/icons';
import { lazyOnFirstOpen } from '../load-on-use/lazyOnFirstOpen';
import { ShellIconButton } from '../looks/plain-controls';
import { BottomLinks, PlatformMenu } from './NavMenus';
import { ServerSwitcher } from './ServerSwitcher';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON } from './sidebar-rules';
import { useSidebar } from './SidebarProvider';
import { UserMenu } from './UserMenu';

const SidebarSheet = lazyOnFirstOpen(
  inChakraScope(() => import('./SidebarSheet').then((module) => module.SidebarSheet)),
  'The menu',
);

/** On desktop a collapsed sidebar shrinks to icons, or hides entirely off-canvas. */
export type SidebarCollapsible = 'icon' | 'offcanvas';

function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { setOpen } = useSidebar();
  return (
    <div className={collapsed ? 'dh-sidebar dh-sidebar--collapsed' : 'dh-sidebar'}>
      <ServerSwitcher collapsed={collapsed} />
      <hr aria-orientation="horizontal" className="chakra-divider dh-divider" />
      <div className="dh-nav-scroll">
        {/* In icon mode, Apps opens the sidebar to show its list. */}
        <PlatformMenu collapsed={collapsed} onNavigate={onNavigate} onExpand={() => setOpen(true)} />
      </div>
      <BottomLinks collapsed={collapsed} onNavigate={onNavigate} />
      <hr aria-orientation="horizontal" className="chakra-divider dh-divider" />
      <UserMenu collapsed={collapsed} />
    </div>
  );
}

/** The shell's sidebar: a column on desktop, a slide-in sheet under 768 px. */
export function Sidebar({ collapsible = 'icon' }: { collapsible?: SidebarCollapsible }) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <SidebarSheet isOpen={openMobile} onClose={() => setOpenMobile(false)}>
        <SidebarContent collapsed={false} onNavigate={() => setOpenMobile(false)} />
      </SidebarSheet>
    );
  }

  const collapsedWidth = collapsible === 'icon' ? SIDEBAR_WIDTH_ICON : '0px';
  const width = open ? SIDEBAR_WIDTH : collapsedWidth;
  const collapsed = !open;
  return (
    <>
      {/* A spacer keeps the page beside the fixed sidebar. */}
      <div className="dh-sidebar-spacer" style={{ width }} />
      <aside
        aria-label="Sidebar"
        data-testid="sidebar"
        data-state={open ? 'expanded' : 'collapsed'}
        data-collapsible={collapsed ? collapsible : ''}
        className="dh-sidebar-frame"
        style={{ width, borderRightWidth: open || collapsible === 'icon' ? '1px' : 0 }}
      >
        {(open || collapsible === 'icon') && <SidebarContent collapsed={collapsed} />}
      </aside>
    </>
  );
}

export function SidebarTrigger() {
  const { toggle } = useSidebar();
  return (
    <ShellIconButton
      aria-label="Toggle Sidebar"
      title="Toggle Sidebar (Ctrl+B)"
      icon={<PanelLeftIcon boxSize={4} aria-hidden="true" />}
      onClick={toggle}
    />
  );
}
