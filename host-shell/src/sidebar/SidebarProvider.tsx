import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIsMobile } from 'shared';
import { isSidebarShortcut, readMenuState, writeMenuState } from './sidebar-rules';

export interface SidebarState {
  /** Desktop: expanded (true) or collapsed. Kept in session storage under menu_state. */
  open: boolean;
  setOpen(open: boolean): void;
  /** Mobile: whether the slide-in sheet is shown (a separate flag). */
  openMobile: boolean;
  setOpenMobile(open: boolean): void;
  isMobile: boolean;
  toggle(): void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used within SidebarProvider');
  return value;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => readMenuState(window.sessionStorage));
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    writeMenuState(window.sessionStorage, next);
    setOpenState(next);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo<SidebarState>(
    () => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}
