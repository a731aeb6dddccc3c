/** A server's online dot (`.dh-status-dot` in sidebarStyles). */
export function StatusDot({ online }: { online: boolean }) {
  return <span aria-hidden className={online ? 'dh-status-dot dh-status-dot--online' : 'dh-status-dot'} />;
}
