/** The Dockhand mark: a container stack on a harbour-blue tile. Plain SVG (no Chakra), usable on the login page. */
export function DockhandLogo({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label="Dockhand logo">
      <defs>
        <linearGradient id="dockhand-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3182CE" />
          <stop offset="1" stopColor="#2C5282" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill="url(#dockhand-logo-bg)" />
      <rect x="11" y="13" width="12" height="8" rx="1.5" fill="#BEE3F8" />
      <rect x="25" y="13" width="12" height="8" rx="1.5" fill="#90CDF4" />
      <rect x="18" y="23" width="12" height="8" rx="1.5" fill="#EBF8FF" />
      <path d="M9 34h30l-4 5H13z" fill="#fff" />
    </svg>
  );
}
